// A stage action's `notify` in the page-schema language: the meta-schema wants exactly one recipient (a field
// or a role) and a text; the text is a template over the record's fields.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validatePageSchema } from '../../src/common/schema';
import { fillNotice } from '../../src/server/modules/notifications/notify';

const progress = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../schemas/props/propProgress.json'), 'utf8'));
const withNotify = (notify: unknown) => {
  const page = structuredClone(progress);
  page.stages.actions.find((a: { key: string }) => a.key === 'urge').notify = notify;
  return validatePageSchema(page, 'propProgress.json');
};

describe('stage action notify', () => {
  it("is declared on 催办 of /propProgress: the order's owner", () => {
    const urge = progress.stages.actions.find((a: { key: string }) => a.key === 'urge');
    expect(urge.notify).toMatchObject({ to: 'managerId', text: expect.stringContaining('{urgeNote}') });
    expect(withNotify(urge.notify).ok).toBe(true);
  });

  it('takes a field or a role, not both, not neither, and a text', () => {
    expect(withNotify({ toRole: 'finance', text: '请跟进 {code}' }).ok).toBe(true);
    expect(withNotify({ to: 'managerId', toRole: 'finance', text: 'x' }).ok).toBe(false);
    expect(withNotify({ text: 'x' }).ok).toBe(false);
    expect(withNotify({ to: 'managerId' }).ok).toBe(false);
    expect(withNotify({ to: 'managerId', text: '' }).ok).toBe(false);
    expect(withNotify({ to: 'manager id', text: 'x' }).ok).toBe(false);
    expect(withNotify({ to: 'managerId', text: 'x', cc: 'y' }).ok).toBe(false);
  });

  it('fills {field} with the value, a picked field with its label, nothing for what is missing', () => {
    const values = {
      code: 'DD2026',
      projectId: 7,
      projectIdName: '新街口新店',
      urgeNote: null,
      deliveryDate: '2026-12-01',
      tags: ['a', 'b'],
      obj: { x: 1 },
    };
    expect(fillNotice('{code} {projectId} {deliveryDate}', values)).toBe('DD2026 新街口新店 2026-12-01');
    expect(fillNotice('说明：{urgeNote}{missing}|{tags}|{obj}', values)).toBe('说明：|a、b|');
    expect(fillNotice('{not closed', values)).toBe('{not closed');
  });
});
