// 我的待办 opens any module's form: a page's own, or a nested entity's (付款申请 lives on the 应付管理 page).
import { describe, expect, it } from 'vitest';
import { formSchemaOf } from './WorkPanel';

describe('formSchemaOf', () => {
  it("finds a page module's schema by its route", async () => {
    const s = await formSchemaOf({ module: 'reimburseManage' });
    expect(s?.module).toBe('reimburseManage');
    expect(s?.drawer).toBeTruthy();
  });

  it('finds a nested entity inside the page the server names', async () => {
    const s = await formSchemaOf({ module: 'financialPayablesRequest', page: 'financialPayables' });
    expect(s?.module).toBe('financialPayablesRequest');
    expect(s?.drawer).toBeTruthy();
  });

  it('finds nothing for an unknown module, or an entity the page does not hold', async () => {
    expect(await formSchemaOf({ module: 'noSuchModule' })).toBeUndefined();
    expect(await formSchemaOf({ module: 'noSuchEntity', page: 'financialPayables' })).toBeUndefined();
  });
});
