// Record helpers the API suites share: read one record, agree every open task of it until it takes effect,
// and upload a file as a member would (for upload fields).
import type { TestApp } from './test-app';
import { multipart, TINY_PNG } from './test-app';

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
      const r = await t.call('POST', '/api/oa/process/agree', { taskId: task.taskId, processInstanceId: task.processInstanceId, comments: '同意' }, token);
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
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/fileUtil/uploadFile', headers: { Satoken: token, ...up.headers }, payload: up.payload });
  return { url: res.json().data.url as string, name };
}
