// Contract of the API's call table ("The calls the product makes", the calls the clients were written against): every method and path of its tables answers a
// logged-in member with the {status, message, data} envelope (never the 404 接口不存在 of a missing route), an
// outsider with the envelope too (10015 unless the call is public), and is in the OpenAPI document. The table is
// copied here from the spec so the test fails when a call disappears. Version check (a static version file, no
// path given) and the calls whose paths the spec does not show are not in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneDialect } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DEMO, DEMO_STAFF } from '../../src/server/seed';

interface SpecCall {
  method: 'GET' | 'POST';
  path: string;
  /** The table's sub-heading. */
  section: string;
  /** Callable without a token (login, registration, captcha, QR code). */
  public?: boolean;
  /** A harmless request: the member's answer must be 200 with it (otherwise any envelope but a missing route). */
  body?: unknown;
  query?: Record<string, string>;
  expect200?: boolean;
}

const A = 'Account and team';
const L = 'Lists, dictionaries, people';
const W = 'Approval workflow';

/** The table, call by call. */
export const SPEC_CALLS: SpecCall[] = [
  { section: A, method: 'GET', path: '/api/admin/wechat/generateAWeChatQRCode', public: true },
  { section: A, method: 'GET', path: '/api/admin/sysuser/getSysUser', expect200: true },
  { section: A, method: 'POST', path: '/api/admin/login/user', public: true, body: {} },
  { section: A, method: 'POST', path: '/api/admin/sysuser/registerAccountInitial', public: true, body: {} },
  { section: A, method: 'POST', path: '/api/admin/sysuserdetail/retrievePasswordByUsername', public: true, body: {} },
  { section: A, method: 'POST', path: '/api/admin/sysuserdetail/updatePassword', body: {} },
  { section: A, method: 'GET', path: '/api/admin/captcha/getSmsCaptcha', public: true, query: { mobile: '123' } },
  { section: A, method: 'POST', path: '/api/admin/login/logout' },
  {
    section: A,
    method: 'POST',
    path: '/api/admin/systenant/querySysTenantById',
    body: { tenantCode: DEMO.tenantCode },
    expect200: true,
  },
  { section: A, method: 'GET', path: '/api/admin/systenant/getSysTenantByUserId', expect200: true },
  {
    section: A,
    method: 'GET',
    path: '/api/admin/login/switchTenants',
    query: { tenantCode: DEMO.tenantCode },
    expect200: true,
  },
  {
    section: A,
    method: 'POST',
    path: '/api/admin/applyjointenant/queryJoinTenantById',
    body: { tenantCode: DEMO.tenantCode },
    expect200: true,
  },
  { section: A, method: 'POST', path: '/api/admin/applyjointenant/actionUserJoinTenant', body: {} },
  { section: A, method: 'POST', path: '/api/admin/systenant/idCardOcr', body: {} },
  { section: A, method: 'POST', path: '/api/admin/systenant/businessLicense', body: {} },
  { section: A, method: 'POST', path: '/api/admin/fileUtil/uploadFile', body: {} },

  { section: L, method: 'POST', path: '/api/oa/process/toDoList', body: {}, expect200: true },
  { section: L, method: 'POST', path: '/api/oa/process/applyList', body: {}, expect200: true },
  { section: L, method: 'POST', path: '/api/admin/syspost/list', body: {}, expect200: true },
  { section: L, method: 'POST', path: '/api/admin/role/rolePage', body: { pageNum: 1, pageSize: 10 } },
  {
    section: L,
    method: 'POST',
    path: '/api/project/project/projectPage',
    body: { pageNum: 1, pageSize: 10 },
    expect200: true,
  },
  {
    section: L,
    method: 'POST',
    path: '/api/admin/operation/findOperationGuidance',
    body: { module: 'reimburseManage' },
    expect200: true,
  },
  { section: L, method: 'POST', path: '/api/admin/operation/updateOperationGuidance', body: {} },
  {
    section: L,
    method: 'POST',
    path: '/api/admin/sysmenuListFieldDict/queryByFieldKey',
    body: { fieldKey: 'post', status: 1 },
    expect200: true,
  },
  {
    section: L,
    method: 'POST',
    path: '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
    body: ['post', 'dept'],
    expect200: true,
  },
  {
    section: L,
    method: 'GET',
    path: '/api/admin/sysmenuListFieldDict/queryByDictCode',
    query: { dictCode: 'x' },
    expect200: true,
  },
  { section: L, method: 'GET', path: '/api/admin/sysuser/getTenantUserName', expect200: true },
  { section: L, method: 'GET', path: '/api/admin/sysuser/queryTenantUserName', query: { name: '张' }, expect200: true },
  { section: L, method: 'GET', path: '/api/admin/appBag/getAppBagTenant', expect200: true },
  {
    section: L,
    method: 'POST',
    path: '/api/admin/tenantPartner/queryList',
    body: { pageNum: 1, pageSize: 10 },
    expect200: true,
  },
  {
    section: L,
    method: 'POST',
    path: '/api/admin/tenantPartner/queryListByType',
    body: { partnerType: '客户' },
    expect200: true,
  },
  { section: L, method: 'POST', path: '/api/admin/tenantPartner/getTenantUserName', body: {}, expect200: true },
  { section: L, method: 'POST', path: '/api/admin/tenantBankInfo/queryBankInfoList', body: {}, expect200: true },
  { section: L, method: 'POST', path: '/api/admin/userBankInfo/add', body: {} },
  { section: L, method: 'POST', path: '/api/admin/userBankInfo/updateUserBankInfo', body: {} },
  { section: L, method: 'POST', path: '/api/admin/userBankInfo/bankInfoList', body: {}, expect200: true },
  { section: L, method: 'GET', path: '/api/admin/sysmenu/getMenuTreeByUserId', expect200: true },
  { section: L, method: 'POST', path: '/api/admin/employee/getAllEmployeeInfoByProfession', body: {} },

  { section: W, method: 'POST', path: '/api/oa/process/agree', body: {} },
  { section: W, method: 'POST', path: '/api/oa/process/refuse', body: {} },
  { section: W, method: 'POST', path: '/api/oa/process/withdraw', body: {} },
  { section: W, method: 'GET', path: '/api/oa/task/findTaskIdByFormId', query: { formId: '1' } },
  { section: W, method: 'GET', path: '/api/oa/task/findApprovalByFormId', query: { formId: '1' } },
];

/** The calls src/server/modules/spec-calls/ serves: each documents its body (POST) or query (GET) and its answer in OpenAPI. */
const ADDED = [
  '/api/admin/syspost/list',
  '/api/admin/role/rolePage',
  '/api/project/project/projectPage',
  '/api/admin/operation/findOperationGuidance',
  '/api/admin/operation/updateOperationGuidance',
  '/api/admin/sysuser/queryTenantUserName',
  '/api/admin/appBag/getAppBagTenant',
  '/api/admin/tenantPartner/queryList',
  '/api/admin/tenantPartner/queryListByType',
  '/api/admin/tenantPartner/getTenantUserName',
  '/api/admin/tenantBankInfo/queryBankInfoList',
  '/api/admin/employee/getAllEmployeeInfoByProfession',
];

const url = (c: SpecCall) => (c.query ? `${c.path}?${new URLSearchParams(c.query)}` : c.path);

describe.each(oneDialect())('spec §7 contract on $name', (dialect) => {
  let t: TestApp;
  let member: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    member = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
  });
  afterAll(async () => t?.close());

  const send = (c: SpecCall, token?: string) =>
    t.app.inject({
      method: c.method,
      url: url(c),
      headers: token ? { Satoken: token } : {},
      ...(c.method === 'POST' ? { payload: (c.body ?? {}) as object } : {}),
    });

  it('the table is whole: 43 calls, each path once per method', () => {
    expect(SPEC_CALLS).toHaveLength(43);
    expect(new Set(SPEC_CALLS.map((c) => `${c.method} ${c.path}`)).size).toBe(SPEC_CALLS.length);
  });

  it.each(SPEC_CALLS.filter((c) => c.path !== '/api/admin/login/logout'))(
    '$method $path answers a logged-in member',
    async (c) => {
      const res = await send(c, member);
      const body = res.json();
      expect(res.statusCode, `${c.method} ${c.path}`).not.toBe(404);
      expect(body.message).not.toBe('接口不存在');
      expect(body).toEqual(expect.objectContaining({ status: expect.any(Number), message: expect.any(String) }));
      expect(body).toHaveProperty('data');
      if (c.expect200) expect(body.status, body.message).toBe(200);
    },
  );

  it('POST /api/admin/login/logout answers a logged-in member (its own session)', async () => {
    const own = await t.login(DEMO.username, DEMO.password);
    const res = await send(SPEC_CALLS.find((c) => c.path === '/api/admin/login/logout')!, own);
    expect(res.statusCode).not.toBe(404);
    expect(res.json().status).toBe(200);
  });

  it.each(SPEC_CALLS)('$method $path answers an outsider with the envelope', async (c) => {
    const res = await send(c);
    const body = res.json();
    expect(res.statusCode).not.toBe(404);
    expect(body).toEqual(expect.objectContaining({ status: expect.any(Number), message: expect.any(String) }));
    expect(body).toHaveProperty('data');
    if (!c.public) expect(body).toMatchObject({ status: 10015, data: null });
  });

  it('every call is in the OpenAPI document; the added ones with their body or query and answer schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const c of SPEC_CALLS)
      expect(doc.paths[c.path]?.[c.method.toLowerCase()], `${c.method} ${c.path}`).toBeDefined();
    for (const path of ADDED) {
      const c = SPEC_CALLS.find((x) => x.path === path)!;
      const op = doc.paths[path][c.method.toLowerCase()];
      expect(op.summary, path).toMatch(/\S{4,}/);
      if (c.method === 'POST') expect(op.requestBody?.content?.['application/json']?.schema, path).toBeDefined();
      else expect(op.parameters?.length ?? 0, path).toBeGreaterThan(0);
      const answer = op.responses?.['200']?.content?.['application/json']?.schema;
      expect(answer?.properties, path).toMatchObject({
        status: expect.anything(),
        message: expect.anything(),
        data: expect.anything(),
      });
    }
  });
});
