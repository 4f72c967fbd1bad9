// QR login tickets: the code, the URL and the ticket of one answer belong together; refreshing the desk's code
// (generate with replace=<old>) makes the old ticket unconfirmable, and every refusal says why in Chinese.
import { sql } from 'kysely';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/seed';
import { oneDialect } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';

const EXPIRED = '二维码已失效（已过期或电脑上已刷新），请扫描电脑上最新的二维码';

describe.each(oneDialect())('QR login tickets on $name', (dialect) => {
  let t: TestApp;
  let phone: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    phone = await t.login(DEMO.username, DEMO.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const generate = (replace?: string) =>
    t.call('GET', `/api/admin/wechat/generateAWeChatQRCode${replace ? `?replace=${encodeURIComponent(replace)}` : ''}`);
  const confirm = (ticket: string) => t.call('POST', '/api/admin/wechat/confirmQrLogin', { ticket }, phone);
  const status = async (ticket: string) =>
    (await t.call('GET', `/api/admin/wechat/qrStatus?ticket=${encodeURIComponent(ticket)}`)).data.status;

  it('answers one ticket whose image encodes the confirm URL of that same ticket', async () => {
    const gen = await generate();
    expect(gen.status).toBe(200);
    const { ticket, url, qrCode, expiresAt, expiresIn } = gen.data;
    expect(new URL(url).pathname).toBe('/qrConfirm');
    expect(new URL(url).searchParams.get('ticket')).toBe(ticket);
    expect(qrCode).toBe(await QRCode.toDataURL(url, { width: 240, margin: 1 }));
    expect(expiresIn).toBeGreaterThan(170);
    expect(expiresIn).toBeLessThanOrEqual(180);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('shows the phone which device and place asked, and only to a signed-in user', async () => {
    const gen = await t.app.inject({
      url: '/api/admin/wechat/generateAWeChatQRCode',
      remoteAddress: '192.168.3.20',
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      },
    });
    const { ticket } = gen.json().data;
    const info = (token?: string) =>
      t.call('GET', `/api/admin/wechat/qrTicket?ticket=${encodeURIComponent(ticket)}`, undefined, token);
    expect((await info()).status).toBe(10015);
    expect(await info(phone)).toMatchObject({
      status: 200,
      data: { device: 'Chrome 120 · Windows', place: '内网 192.168.3.20' },
    });
    expect((await confirm(ticket)).status).toBe(200);
    expect(await info(phone)).toMatchObject({ status: 400, message: '该二维码已被使用，请在电脑上刷新后重新扫码' });
    expect((await t.call('GET', '/api/admin/wechat/qrTicket?ticket=nope', undefined, phone)).message).toBe(
      '二维码无效，请扫描电脑上显示的二维码',
    );
  });

  it('a ticket replaced by a refresh is refused on confirm and polls as expired; the new one works', async () => {
    const old = (await generate()).data.ticket as string;
    const fresh = (await generate(old)).data.ticket as string;
    expect(fresh).not.toBe(old);

    const refused = await confirm(old);
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(EXPIRED);
    expect(await status(old)).toBe('expired');

    expect(await status(fresh)).toBe('pending');
    expect((await confirm(fresh)).status).toBe(200);
    expect(await status(fresh)).toBe('confirmed');
  });

  it('an expired ticket is refused with the same message', async () => {
    const { ticket } = (await generate()).data;
    await sql`UPDATE qr_logins SET expires_at = now() - interval '1 second' WHERE ticket = ${ticket}`.execute(t.db);
    const refused = await confirm(ticket);
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(EXPIRED);
  });

  it('a used or unknown ticket is refused with its own message', async () => {
    const { ticket } = (await generate()).data;
    expect((await confirm(ticket)).status).toBe(200);
    const again = await confirm(ticket);
    expect(again.status).toBe(400);
    expect(again.message).toBe('该二维码已被使用，请在电脑上刷新后重新扫码');
    const unknown = await confirm('no-such-ticket');
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe('二维码无效，请扫描电脑上显示的二维码');
  });

  it('replace never touches a ticket that was already confirmed', async () => {
    const { ticket } = (await generate()).data;
    expect((await confirm(ticket)).status).toBe(200);
    await generate(ticket);
    // The desk that confirmed still collects its session.
    const polled = await t.call('GET', `/api/admin/wechat/qrStatus?ticket=${ticket}`);
    expect(polled.data.status).toBe('confirmed');
    expect(polled.data.token).toBeTruthy();
  });
});
