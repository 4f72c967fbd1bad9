// Record helpers the API suites share: read one record, agree every open task of it until it takes effect,
// upload a file as a member would (for upload fields), and the add/stage calls of a flow suite.
import { expect } from 'vitest';
import { sql } from 'kysely';
import type { TestApp } from './test-app';
import { multipart, TINY_PNG } from './test-app';
import { DEMO } from '../../src/server/seed';

export const dataApi = (module: string, op: string) => `/api/data/${module}/${op}`;

export async function getRecord(t: TestApp, module: string, id: number, token: string) {
  return (await t.call('GET', `${dataApi(module, 'get')}?id=${id}`, undefined, token)).data;
}

/**
 * Agrees every open task of the record, whoever of `tokens` holds it, until it leaves 审批中. A refused agree
 * (e.g. an effect breaking its target) ends with the record and `refusedWith`, the server's message.
 */
export async function approveAll(t: TestApp, module: string, id: number, tokens: string[]) {
  for (let i = 0; i < 8; i++) {
    const rec = await getRecord(t, module, id, tokens[0]);
    if (rec.status !== '审批中') return rec;
    let acted = false;
    for (const token of tokens) {
      const task = (await t.call('GET', `/api/oa/task/findTaskIdByFormId?formId=${id}`, undefined, token)).data;
      if (!task?.taskId) continue;
      const r = await t.call(
        'POST',
        '/api/oa/process/agree',
        { taskId: task.taskId, processInstanceId: task.processInstanceId, comments: '同意' },
        token,
      );
      if (r.status !== 200) return { ...rec, refusedWith: r.message };
      acted = true;
      break;
    }
    if (!acted) throw new Error(`nobody can approve ${module} ${id}`);
  }
  return getRecord(t, module, id, tokens[0]);
}

/** Uploads a small PNG as this member; answers the upload value item ({ url, name }). */
export async function uploadPng(t: TestApp, token: string, name: string) {
  const up = await multipart({ multipartFile: { bytes: TINY_PNG, name, type: 'image/png' } });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/fileUtil/uploadFile',
    headers: { Satoken: token, ...up.headers },
    payload: up.payload,
  });
  return { url: res.json().data.url as string, name };
}

type Row = Record<string, any>;

/**
 * The calls a flow suite makes, as `who()` unless another token is given: `call`/`add` assert success and answer
 * the data; `stage` answers the whole envelope (for refused steps), `stageOk` asserts success; `idOf` finds a
 * record by keyword. Getters, because the suite's app and tokens are made in its beforeAll.
 */
export function flowCalls(app: () => TestApp, who: () => string) {
  async function call(method: 'POST' | 'GET', url: string, body: unknown, token = who()) {
    const r = await app().call(method, url, body, token);
    expect(r.status, r.message).toBe(200);
    return r.data as Row;
  }
  const add = (module: string, body: Row, token = who()) => call('POST', dataApi(module, 'add'), body, token);
  const stage = (module: string, id: number, action: string, values: Row = {}, token = who()) =>
    app().call('POST', dataApi(module, 'stage'), { id, action, values }, token);
  const stageOk = async (module: string, id: number, action: string, values: Row = {}) => {
    const r = await stage(module, id, action, values);
    expect(r.status, r.message).toBe(200);
    return r.data as Row;
  };
  const idOf = async (module: string, keyword: string) =>
    (await call('POST', dataApi(module, 'page'), { pageNum: 1, pageSize: 5, keyword })).list[0].id as number;
  return { call, add, stage, stageOk, idOf };
}

/** A user's id by username. */
export async function userId(t: TestApp, username: string): Promise<number> {
  return (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}

/** A record as stored (no derived fields): what the flow suites look up by a field of its data. */
export type StoredRecord = { id: number; code: string; status: string; data: Row; lines: Row[] };

/** The live records of a module (any team: read from the database) whose data field equals value (e.g. sourceCode, orderCode), oldest first. */
export async function recordsWhere(t: TestApp, module: string, field: string, value: string): Promise<StoredRecord[]> {
  return (
    await sql<StoredRecord>`SELECT id, code, status, data, lines FROM records WHERE module = ${module}
    AND deleted_at IS NULL AND data->>${field} = ${value} ORDER BY id`.execute(t.db)
  ).rows;
}

/**
 * 道具项目 walk their 立项流程 (approvalFrom). The demo's 道具 process has five stages, several approvers and 必交资料;
 * suites about what an approved project makes (orders, deliveries, settlements) approve it as 李四: this makes the
 * process of this suite's demo team one stage 李四 approves without files, and answers its code for `processCode`.
 * (projects.test.ts walks the demo process itself.)
 */
export async function propProcessCode(t: TestApp): Promise<string> {
  const lisi = await t.db.selectFrom('users').select('id').where('username', '=', 'lisi').executeTakeFirstOrThrow();
  const lines = [
    {
      stageName: '立项申请',
      approverType: '指定人员',
      approverTypeName: '指定人员',
      approverIds: [lisi.id],
      timeLimitDays: 2,
      requiredFiles: [],
    },
  ];
  const { rows } = await sql<{ code: string }>`
    UPDATE records SET lines = ${JSON.stringify(lines)}::jsonb
     WHERE tenant_code = ${DEMO.tenantCode} AND module = 'projectInitiationProcess' AND deleted_at IS NULL AND data->>'processName' = '道具项目立项流程'
    RETURNING code`.execute(t.db);
  if (rows.length !== 1) throw new Error('the demo 道具 立项流程 is missing');
  return rows[0].code;
}
