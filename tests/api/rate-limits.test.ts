// Issue 15 point 2: limits per client, counted in the database so that replicas share them; 429 with the
// envelope and Retry-After; X-Forwarded-For counts only from a trusted proxy (point 5). Invitations count per
// inviter and lookups of a team by its (sequential) code per user and per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { parseLimits } from '../../src/server/rate-limit-sizes';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { oneDialect } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';

const limits = parseLimits(
  'login=4/60,loginAccount=3/60,sms=3/3600,createTeam=2/86400,invite=3/3600,teamLookup=3/600,teamLookupIp=5/600',
);

describe.each(oneDialect())('limits per client on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: limits });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (username: string, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login/user',
      remoteAddress: ip,
      headers,
      payload: { loginType: 'password', username, password: 'wrongpass1' },
    });

  it('refuses an IP its fifth login in the window with 429, the envelope and Retry-After', async () => {
    for (let i = 0; i < 4; i++) expect((await login(`user${i}`, '10.0.0.1')).json().status).toBe(400);
    const refused = await login('user9', '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 429,
      message: expect.stringMatching(/^操作过于频繁，请\d+秒后再试$/),
      data: null,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await login('user9', '10.0.0.2')).json().status).toBe(400);
  });

  it('counts one account across addresses', async () => {
    for (let i = 0; i < 3; i++) expect((await login('target', `10.0.1.${i}`)).json().status).toBe(400);
    expect((await login('target', '10.0.1.9')).statusCode).toBe(429);
    expect((await login('TARGET', '10.0.1.10')).statusCode).toBe(429); // same account, other case
  });

  it('counts SMS sends per address across numbers, before any code is sent', async () => {
    const sms = (mobile: string) =>
      t.app.inject({
        url: `/api/admin/captcha/getSmsCaptcha?mobile=${mobile}&scene=register`,
        remoteAddress: '10.0.2.1',
      });
    for (let i = 0; i < 3; i++) expect((await sms(`1390000020${i}`)).json().status).toBe(200);
    const refused = await sms('13900000209');
    expect(refused.statusCode).toBe(429);
    expect(() => t.lastSmsCode('13900000209', 'register')).toThrow();
  });

  it('ignores X-Forwarded-For from a client that is not a listed proxy', async () => {
    const spoof = (n: number) => login(`spoof${n}`, '10.0.3.1', { 'x-forwarded-for': `192.0.2.${n}` });
    for (let i = 0; i < 4; i++) expect((await spoof(i)).json().status).toBe(400);
    expect((await spoof(9)).statusCode).toBe(429);
  });

  it('counts team creation per signed-in user', async () => {
    const token = await t.login('demo', 'demo12345');
    const create = () =>
      t.call('POST', '/api/admin/systenant/createTenant', { tenantName: '限额测试', tenantType: 'individual' }, token);
    expect((await create()).status).toBe(200);
    expect((await create()).status).toBe(200);
    const third = await create();
    expect(third.status).toBe(429);
    expect(
      await t.db.selectFrom('tenants').select('tenant_code').where('tenant_name', '=', '限额测试').execute(),
    ).toHaveLength(2);
  });

  it('counts invitations per inviter, whoever the numbers belong to', async () => {
    const owner = await t.login('demo', 'demo12345');
    const invite = (mobile: string) => t.call('POST', '/api/admin/applyjointenant/invite', { mobile }, owner);
    for (let i = 0; i < 3; i++) expect((await invite(`1390000030${i}`)).status).toBe(200);
    const refused = await invite('13900000309');
    expect(refused).toEqual({
      status: 429,
      message: expect.stringMatching(/^操作过于频繁，请\d+分钟后再试$/),
      data: null,
    });
  });

  it('counts team lookups by code per user and per address, so team names cannot be walked through', async () => {
    const ids = [] as number[];
    for (const name of ['walker1', 'walker2']) {
      const row = await t.db
        .insertInto('users')
        .values({
          username: name,
          mobile: `1391111999${ids.length}`,
          nick_name: name,
          password_hash: await hashPassword('secret123'),
          status: 'active',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const signIn = async (username: string, ip: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/login/user',
          remoteAddress: ip,
          payload: { loginType: 'password', username, password: 'secret123' },
        })
      ).json().data.token as string;
    const lookup = (token: string, ip: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/applyjointenant/queryJoinTenantById',
        remoteAddress: ip,
        headers: { Satoken: token },
        payload: { tenantCode: `T${String(n).padStart(8, '0')}` },
      });
    // One user: three codes, found or not, then 429 with the Chinese message and Retry-After.
    const first = await signIn('walker1', '10.0.5.1');
    for (let n = 1; n <= 3; n++) expect([200, 404]).toContain((await lookup(first, '10.0.5.1', n)).json().status);
    const refused = await lookup(first, '10.0.5.1', 4);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 429,
      message: expect.stringMatching(/^操作过于频繁，请\d+(秒|分钟)后再试$/),
      data: null,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address counts its own, but the address has had its five after two more.
    const second = await signIn('walker2', '10.0.5.1');
    expect((await lookup(second, '10.0.5.1', 5)).json().status).not.toBe(429);
    expect((await lookup(second, '10.0.5.1', 6)).json().status).not.toBe(429);
    expect((await lookup(second, '10.0.5.1', 7)).statusCode).toBe(429);
    // The same account elsewhere is still counted as itself.
    expect((await lookup(first, '10.0.5.2', 8)).statusCode).toBe(429);
  });

  it.runIf(dialect.name === 'postgres')('is shared by two replicas on one database', async () => {
    const second = await buildApp({ ...t.config }, { logger: false });
    try {
      await second.app.ready();
      const via = (app: typeof t.app, n: number) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/login/user',
          remoteAddress: '10.0.4.1',
          payload: { loginType: 'password', username: `replica${n}`, password: 'wrongpass1' },
        });
      // Alternating replicas: four hits in all, whichever served them, then the fifth is refused by either.
      for (let i = 0; i < 4; i++) expect((await via(i % 2 ? second.app : t.app, i)).json().status).toBe(400);
      expect((await via(second.app, 8)).statusCode).toBe(429);
      expect((await via(t.app, 9)).statusCode).toBe(429);
    } finally {
      await second.app.close();
    }
  });
});

describe('behind a listed proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(oneDialect()[0], { rateLimits: limits, trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts the client address the proxy forwards', async () => {
    const via = (client: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login/user',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
        payload: { loginType: 'password', username: `behind${n}`, password: 'wrongpass1' },
      });
    for (let i = 0; i < 4; i++) expect((await via('198.51.100.7', i)).json().status).toBe(400);
    expect((await via('198.51.100.7', 5)).statusCode).toBe(429);
    expect((await via('198.51.100.8', 6)).json().status).toBe(400);
  });
});

describe('RATE_LIMITS', () => {
  it('reads name=max/seconds and refuses what it cannot read', () => {
    expect(parseLimits('login=5/60').login).toEqual({ max: 5, seconds: 60 });
    expect(parseLimits('').sms).toEqual({ max: 10, seconds: 3600 });
    expect(() => parseLimits('logins=5/60')).toThrow(/RATE_LIMITS/);
    expect(() => parseLimits('login=5')).toThrow(/RATE_LIMITS/);
    expect(() => parseLimits('login=5/0')).toThrow(/RATE_LIMITS/);
  });
});
