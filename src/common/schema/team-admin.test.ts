// The team-admin page kind of the meta-schema: a page whose body is the generic team-admin editor (members,
// roles, join requests), with no record-page properties.
import { describe, expect, it } from 'vitest';
import { isTeamAdminPage, validatePageSchema } from '.';

const page = {
  key: 'teamPage',
  title: '团队管理',
  module: 'teamPage',
  teamAdmin: { sections: ['members', 'roles', 'requests'] },
};

describe('team-admin page kind', () => {
  it('is valid with its sections, and recognised as its own kind', () => {
    const r = validatePageSchema(page, 'x.json');
    expect(r.ok).toBe(true);
    expect(r.ok && isTeamAdminPage(r.schema)).toBe(true);
    expect(validatePageSchema({ ...page, teamAdmin: { sections: ['roles'] } }, 'x.json').ok).toBe(true);
  });

  it('refuses unknown, repeated or no sections, and record-page properties', () => {
    expect(validatePageSchema({ ...page, teamAdmin: { sections: ['members', 'salaries'] } }, 'x').ok).toBe(false);
    expect(validatePageSchema({ ...page, teamAdmin: { sections: ['roles', 'roles'] } }, 'x').ok).toBe(false);
    expect(validatePageSchema({ ...page, teamAdmin: { sections: [] } }, 'x').ok).toBe(false);
    expect(validatePageSchema({ ...page, teamAdmin: {} }, 'x').ok).toBe(false);
    expect(validatePageSchema({ ...page, teamAdmin: { sections: ['roles'], colour: 'red' } }, 'x').ok).toBe(false);
    expect(validatePageSchema({ ...page, list: { columns: [{ prop: 'a', label: 'A' }] } }, 'x').ok).toBe(false);
    expect(validatePageSchema({ ...page, fieldOptions: {} }, 'x').ok).toBe(false);
  });
});
