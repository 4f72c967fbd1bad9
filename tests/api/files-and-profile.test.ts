import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { createTestApp, multipart, TINY_PNG, type TestApp } from '../helpers/test-app';
import { DEMO } from '../../src/server/seed';
import { hashPassword } from '../../src/server/modules/auth/passwords';

describe.each(oneDialect())('uploads and the personal centre on $name', (dialect) => {
  let t: TestApp;
  let owner: string;
  let stranger: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await t.login(DEMO.username, DEMO.password);
    await t.db
      .insertInto('users')
      .values({
        username: 'stranger',
        mobile: '13922220001',
        nick_name: '路人',
        password_hash: await hashPassword('secret123'),
        status: 'active',
      })
      .execute();
    stranger = await t.login('stranger', 'secret123');
  });
  afterAll(async () => t?.close());

  async function upload(token: string, file: { bytes: Buffer; name: string; type?: string }, field = 'multipartFile') {
    const body = await multipart({ [field]: file });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/fileUtil/uploadFile',
      headers: { ...body.headers, Satoken: token },
      payload: body.payload,
    });
    expect(res.statusCode).toBeLessThan(500);
    return res.json();
  }

  it('stores an image content-addressed and serves it only to members of the owning team', async () => {
    const r = await upload(owner, { bytes: TINY_PNG, name: '发票.png', type: 'text/plain' });
    expect(r.status, r.message).toBe(200);
    expect(r.data.mime).toBe('image/png'); // sniffed from the bytes, not the claimed type
    expect(r.data.filePath).toMatch(/^\/api\/files\/\d+\//);
    const again = await upload(owner, { bytes: TINY_PNG, name: 'copy.png' });
    // The same bytes twice: two file rows, one stored content.
    const rows = await t.db
      .selectFrom('files')
      .select('sha256')
      .where('id', 'in', [r.data.id, again.data.id])
      .execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((x) => x.sha256)).size).toBe(1);
    expect(again.data.id).not.toBe(r.data.id);

    const mine = await t.app.inject({ method: 'GET', url: r.data.filePath, headers: { Satoken: owner } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals(TINY_PNG)).toBe(true);
    const theirs = await t.app.inject({ method: 'GET', url: r.data.filePath, headers: { Satoken: stranger } });
    expect(theirs.json().status).toBe(404);
    const anon = await t.app.inject({ method: 'GET', url: r.data.filePath });
    expect(anon.json().status).toBe(10015);
  });

  it('refuses files over 10 MB, unknown kinds, empty files and the wrong field', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(10 * 1024 * 1024)]);
    expect(await upload(owner, { bytes: big, name: 'big.png' })).toMatchObject({
      status: 413,
      message: '文件大小不能超过10MB',
    });
    const elf = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...Array(60).fill(0)]);
    expect(await upload(owner, { bytes: elf, name: 'report.pdf' })).toMatchObject({
      status: 400,
      message: '不支持的文件类型',
    });
    expect((await upload(owner, { bytes: Buffer.from('金额,100\n'), name: 'a.csv' })).data.mime).toBe('text/plain');
    expect((await upload(owner, { bytes: Buffer.from([0, 1, 2]), name: 'a.txt' })).message).toBe('不支持的文件类型');
    expect((await upload(owner, { bytes: TINY_PNG, name: 'x.png' }, 'other')).status).toBe(400);
    const notMultipart = await t.call('POST', '/api/admin/fileUtil/uploadFile', { a: 1 }, owner);
    expect(notMultipart.status).toBe(400);
  });

  it('keeps a pre-team upload private to its uploader', async () => {
    const r = await upload(stranger, { bytes: TINY_PNG, name: 'idcard.png' });
    expect(
      (await t.app.inject({ method: 'GET', url: r.data.filePath, headers: { Satoken: stranger } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: r.data.filePath, headers: { Satoken: owner } })).json().status,
    ).toBe(404);
  });

  it('edits the profile and changes the mobile with an SMS code', async () => {
    expect((await t.call('POST', '/api/admin/sysuser/updateProfile', { nickName: '  ' }, stranger)).message).toBe(
      '昵称不能为空',
    );
    expect(
      (await t.call('POST', '/api/admin/sysuser/updateProfile', { avatar: 'http://evil/x.png' }, stranger)).status,
    ).toBe(400);
    expect((await t.call('POST', '/api/admin/sysuser/updateProfile', { nickName: '新昵称' }, stranger)).status).toBe(
      200,
    );
    // A registered mobile gets its code like any other; the change is refused only to the code's holder.
    expect((await t.call('GET', '/api/admin/captcha/getSmsCaptcha?mobile=13800000000&scene=bind')).message).toBe(
      '验证码已发送',
    );
    const taken = t.lastSmsCode('13800000000', 'bind');
    expect(
      (await t.call('POST', '/api/admin/sysuser/changeMobile', { mobile: '13800000000', code: taken }, stranger))
        .message,
    ).toBe('该手机号已注册');
    expect((await t.call('GET', '/api/admin/captcha/getSmsCaptcha?mobile=13922220009&scene=bind')).status).toBe(200);
    const code = t.lastSmsCode('13922220009', 'bind');
    expect(
      (await t.call('POST', '/api/admin/sysuser/changeMobile', { mobile: '13922220009', code }, stranger)).status,
    ).toBe(200);
    const me = await t.call('GET', '/api/admin/sysuser/getSysUser', undefined, stranger);
    expect(me.data).toMatchObject({ nickName: '新昵称', mobile: '13922220009' });
  });

  it('links only files of this server the caller may read (avatar, team logo, verification scans)', async () => {
    const own = (await upload(stranger, { bytes: TINY_PNG, name: 'face.png' })).data.filePath as string;
    const others = (await upload(owner, { bytes: TINY_PNG, name: 'secret.png' })).data.filePath as string;
    const setAvatar = (avatar: string) => t.call('POST', '/api/admin/sysuser/updateProfile', { avatar }, stranger);
    for (const bad of [
      'javascript:alert(1)',
      'https://evil.example/x.png',
      '/api/files/../../etc/passwd',
      `${own}?x=1`,
      `${own}" onerror="alert(1)`,
      others,
      '/api/files/999999/x.png',
    ]) {
      expect(await setAvatar(bad), bad).toMatchObject({ status: 400, message: '头像地址不正确' });
    }
    expect((await setAvatar(own)).status).toBe(200);
    // The demo owner creates a team: the stranger's private upload is not his to link.
    const create = (b: object) =>
      t.call(
        'POST',
        '/api/admin/systenant/createTenant',
        { tenantName: '链接测试', tenantType: 'individual', ...b },
        owner,
      );
    expect(await create({ logoUrl: 'javascript:alert(1)' })).toMatchObject({
      status: 400,
      message: '团队标志图片不正确，请重新上传',
    });
    expect(await create({ logoUrl: own })).toMatchObject({ status: 400, message: '团队标志图片不正确，请重新上传' });
    expect(await create({ verification: { idCardUrl: 'https://evil.example/id.png' } })).toMatchObject({
      status: 400,
      message: '证件图片不正确，请重新上传',
    });
    expect(
      await t.db.selectFrom('tenants').select('tenant_code').where('tenant_name', '=', '链接测试').execute(),
    ).toEqual([]);
    expect((await create({ logoUrl: others, verification: { idCardUrl: others } })).status).toBe(200);
  });

  it('manages bank cards of the caller only', async () => {
    const add = (b: object, token = stranger) => t.call('POST', '/api/admin/userBankInfo/add', b, token);
    expect((await add({ bankName: '招商银行', bankCardNo: '123', accountName: '路人' })).message).toBe(
      '请输入正确的银行卡号',
    );
    expect(
      (await add({ bankName: '招商银行', bankCardNo: '6225880112345678', accountName: '路人', isDefault: true }))
        .status,
    ).toBe(200);
    expect(
      (await add({ bankName: '工商银行', bankCardNo: '6222020112345678901', accountName: '路人', isDefault: true }))
        .status,
    ).toBe(200);
    const list = (await t.call('POST', '/api/admin/userBankInfo/bankInfoList', {}, stranger)).data;
    expect(list.map((c: any) => [c.bankName, c.isDefault])).toEqual([
      ['工商银行', true],
      ['招商银行', false],
    ]);
    const upd = await t.call(
      'POST',
      '/api/admin/userBankInfo/updateUserBankInfo',
      { id: list[1].id, bankName: '招商银行深圳分行', bankCardNo: '6225880112345678', accountName: '路人' },
      owner,
    );
    expect(upd.status).toBe(404); // someone else's card
    expect((await t.call('POST', '/api/admin/userBankInfo/bankInfoList', {}, owner)).data).toEqual([]);
  });

  it('deactivates an account after a password check, closing owned teams and revoking sessions', async () => {
    const created = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      { tenantName: '路人工作室', tenantType: 'individual' },
      stranger,
    );
    expect(created.status).toBe(200);
    const impact = await t.call('GET', '/api/admin/sysuser/deactivateImpact', undefined, stranger);
    expect(impact.data.ownedTeams.map((x: any) => x.tenantName)).toEqual(['路人工作室']);
    expect((await t.call('POST', '/api/admin/sysuser/deactivate', { password: 'wrongpass1' }, stranger)).message).toBe(
      '密码错误',
    );
    expect((await t.call('POST', '/api/admin/sysuser/deactivate', { password: 'secret123' }, stranger)).status).toBe(
      200,
    );
    expect((await t.call('GET', '/api/admin/sysuser/getSysUser', undefined, stranger)).status).toBe(11012);
    const login = await t.call('POST', '/api/admin/login/user', {
      loginType: 'password',
      username: 'stranger',
      password: 'secret123',
    });
    expect(login).toMatchObject({ status: 403, message: '该账号已注销' });
    const { rows } = await sql<{
      status: string;
    }>`SELECT status FROM tenants WHERE tenant_code = ${created.data.tenantCode}`.execute(t.db);
    expect(rows[0].status).toBe('closed');
  });
});
