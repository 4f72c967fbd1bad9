import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { testDialects } from '../helpers/databases';
import { createTestApp, multipart, type TestApp } from '../helpers/test-app';
import { DEMO, DEMO_STAFF } from '../../src/server/seed';

// The routes only: recognition quality is covered by tests/unit/ocr.test.ts.
const ID = '11010519491231002X';
const card = (text: string) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540">
  <rect width="856" height="540" fill="#eceff1"/><text x="60" y="460" font-family="DejaVu Sans Mono" font-size="40" letter-spacing="4" fill="#111">${text}</text></svg>`),
  )
    .png()
    .toBuffer();

describe.each(testDialects().slice(0, 1))('OCR routes on $name', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await t.login(DEMO.username, DEMO.password);
  });
  afterAll(async () => t?.close());

  async function upload(bytes: Buffer, who = token) {
    const body = await multipart({ multipartFile: { bytes, name: 'card.png', type: 'image/png' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/fileUtil/uploadFile',
      headers: { ...body.headers, Satoken: who },
      payload: body.payload,
    });
    return res.json().data.filePath as string;
  }

  it('reads the ID number from an uploaded photo and derives birthday, sex and region', async () => {
    const url = await upload(await card(ID));
    const r = await t.call('POST', '/api/admin/systenant/idCardOcr', { url }, token);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      recognised: true,
      idCardNo: ID,
      birthday: '1949-12-31',
      sex: '女',
      idCardName: '',
      address: '',
    });
    expect(r.data.provinceCityRegion).toContain('朝阳区');
  });

  it('reads the credit code from a licence photo, and answers recognised=false on a blank one', async () => {
    const url = await upload(await card('91350100M000100Y43'));
    const r = await t.call('POST', '/api/admin/systenant/businessLicense', { url }, token);
    expect(r.data).toMatchObject({ recognised: true, creditCode: '91350100M000100Y43' });
    const blank = await upload(
      await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    const none = await t.call('POST', '/api/admin/systenant/idCardOcr', { url: blank }, token);
    expect(none).toMatchObject({ status: 200, data: { recognised: false, message: '未能识别身份证号码，请手动输入' } });
  });

  it('refuses an image the caller may not read', async () => {
    const other = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    await t.call('GET', '/api/admin/login/switchTenants?tenantCode=T00000001', undefined, other);
    const mine = await upload(await card(ID));
    // A file of the team is readable by another member; a path that is not an upload is not.
    expect((await t.call('POST', '/api/admin/systenant/idCardOcr', { url: mine }, other)).status).toBe(200);
    expect(await t.call('POST', '/api/admin/systenant/idCardOcr', { url: '/etc/passwd' }, other)).toMatchObject({
      status: 404,
      message: '图片不存在，请重新上传',
    });
  });
});

describe('OCR queue bound', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(testDialects()[0], { ocrQueue: 1 });
  });
  afterAll(async () => t?.close());

  it('refuses calls beyond what the server holds with 429 and Retry-After, and serves the next one after', async () => {
    const token = await t.login(DEMO.username, DEMO.password);
    const body = await multipart({ multipartFile: { bytes: await card(ID), name: 'card.png', type: 'image/png' } });
    const url = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/fileUtil/uploadFile',
        headers: { ...body.headers, Satoken: token },
        payload: body.payload,
      })
    ).json().data.filePath;
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/systenant/idCardOcr',
        headers: { Satoken: token },
        payload: { url },
      });
    const answers = await Promise.all([call(), call(), call()]);
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body.slice(0, 200)).join('\n')).toEqual([
      200, 429, 429,
    ]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toEqual({ status: 429, message: '识别服务繁忙，请稍后再试', data: null });
    expect(refused.headers['retry-after']).toBe('10');
    expect((await call()).json().data.idCardNo).toBe(ID);
  });
});
