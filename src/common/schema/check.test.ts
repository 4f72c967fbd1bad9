import { describe, expect, it } from 'vitest';
import { readSchemaFiles } from '../../../scripts/check-schemas';
import { pageCheckContext } from '../../server/modules/records/page-check';
import { checkPageSchemas, formatProblem, type SchemaProblem } from './check';
import { validatePageSchema } from './loader';
import { editDistance, suggest } from './suggest';

// The real pages, read once; each test plants one mistake into a copy of one of them.
const real = readSchemaFiles();
const context = pageCheckContext();

// A test edits the parsed JSON freely.
type Json = any;
function plant(file: string, edit: (s: Json) => void): SchemaProblem[] {
  const files = real.map((f) => ({ file: f.file, schema: structuredClone(f.schema) as Json }));
  const page = files.find((f) => f.file === file);
  if (!page) throw new Error(`no page ${file}`);
  edit(page.schema);
  return checkPageSchemas(files, context);
}
const fieldOf = (s: Json, name: string) => s.drawer.fields.find((f: { fieldName: string }) => f.fieldName === name);

describe('the page-schema checker', () => {
  it('finds nothing wrong in schemas/', () => {
    expect(checkPageSchemas(real, context).map(formatProblem)).toEqual([]);
  });

  it('names a key two pages, or two lists of a page, share (each defaults to its module)', () => {
    const twice = plant('schemas/finance/advanceManage.json', (s) => {
      s.key = 'reimburseManage';
    });
    expect(twice).toEqual([expect.objectContaining({ path: '/key', name: 'reimburseManage' })]);
    const lists = plant('schemas/finance/financialPayables.json', (s) => {
      s.entities[0].key = 'financialPayables';
    });
    expect(lists).toEqual([expect.objectContaining({ path: '/entities/0/key', name: 'financialPayables' })]);
  });

  it('names a header tab that repeats one of the OA tabs the header names', () => {
    const problems = plant('schemas/props/propProject.json', (s) => {
      s.sectionHeader.tabs.push({ label: '我发起的', value: 'mine' });
    });
    expect(problems).toEqual([expect.objectContaining({ path: '/sectionHeader/tabs', name: 'mine' })]);
  });

  it('names an effect key used twice, one an ended effect makes among them', () => {
    const problems = plant('schemas/warehousing/storeprocess.json', (s) => {
      s.effects.push({ key: 'purchaseWithdrawn', on: 'approved', kind: 'update', target: 'self' });
    });
    expect(problems).toEqual([
      expect.objectContaining({ name: 'purchaseWithdrawn', message: expect.stringContaining('效果键') }),
    ]);
  });

  it('names a picker catalogue/pickers.json does not declare, with the closest name', () => {
    const problems = plant('schemas/finance/financialReceivable.json', (s) => {
      s.drawer.fields[0].data = { picker: 'custmer' };
    });
    expect(problems).toEqual([
      expect.objectContaining({ path: '/drawer/fields/0/data/picker', name: 'custmer', suggestions: ['customer'] }),
    ]);
  });

  it('names a select on a stage-like name that is not the page’s stage field and lists no options', () => {
    const problems = plant('schemas/props/propMake.json', (s) => {
      s.list.search.push({ fieldName: 'packStage', titleName: '打包', fontendType: 'select' });
    });
    expect(problems).toEqual([
      expect.objectContaining({ name: 'packStage', message: expect.stringContaining('没有选项') }),
    ]);
  });

  it('sends a long inline option tree to a dictionary (the region tree is the region dictionary)', () => {
    const tree = Array.from({ length: 34 }, (_, i) => ({
      label: `省${i}`,
      value: `省${i}`,
      children: [
        { label: `市${i}`, value: `市${i}` },
        { label: `县${i}`, value: `县${i}` },
      ],
    }));
    const problems = plant('schemas/props/propProject.json', (s) => {
      fieldOf(s, 'region').data = tree;
    });
    expect(problems).toEqual([expect.objectContaining({ file: 'schemas/props/propProject.json', name: 'data' })]);
    expect(problems[0].message).toContain('内联选项过多（102 个');
    expect(problems[0].message).toContain('"fieldKey": "region"');
  });

  it('names an expression field that does not exist, with the closest field', () => {
    const problems = plant('schemas/finance/financialPayables.json', (s) => {
      fieldOf(s, 'balancePrice').compute.expr = 'payablePrice - advancePaidPrce - paidPrice';
    });
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'schemas/finance/financialPayables.json',
        path: '/drawer/fields/12/compute/expr',
        name: 'advancePaidPrce',
        suggestions: ['advancePaidPrice'],
      }),
    ]);
    expect(formatProblem(problems[0])).toMatch(
      /^schemas\/finance\/financialPayables\.json \/drawer\/fields\/12\/compute\/expr: 表达式.*未知的名称「advancePaidPrce」.*did you mean advancePaidPrice\?/,
    );
  });

  it('names a picked property the picker does not offer the form, and a line cell sum() names', () => {
    const problems = plant('schemas/finance/financialPayables.json', (s) => {
      fieldOf(s, 'advancePaidPrice').compute.expr = 'coalesce(picked.prepayCode.advancePaidPrise, 0)';
    });
    expect(problems).toEqual([
      expect.objectContaining({
        path: '/drawer/fields/10/compute/expr',
        name: 'advancePaidPrise',
        suggestions: ['advancePaidPrice'],
      }),
    ]);
    const cells = plant('schemas/finance/reimburseManage.json', (s) => {
      const f = s.drawer.fields.find((x: { compute?: { expr: string } }) => x.compute?.expr.startsWith('sum(lines'));
      f.compute.expr = f.compute.expr.replace(/"(\w+)"/, (_: string, c: string) => `"${c}x"`);
    });
    expect(cells).toEqual([
      expect.objectContaining({ file: 'schemas/finance/reimburseManage.json', name: expect.stringMatching(/x$/) }),
    ]);
    expect(cells[0].suggestions.length).toBeGreaterThan(0);
  });

  it('names a field an effect sets that its target lacks', () => {
    const problems = plant('schemas/procurement/procureProcess.json', (s) => {
      s.effects[2].set.payableTyp = s.effects[2].set.payableType;
      delete s.effects[2].set.payableType;
    });
    expect(problems).toEqual([
      expect.objectContaining({ path: '/effects/2/set/payableTyp', name: 'payableTyp', suggestions: ['payableType'] }),
    ]);
  });

  it('names an option an effect writes that its target field does not offer, inline or in a seeded dictionary', () => {
    const inline = plant('schemas/procurement/procureProcess.json', (s) => {
      s.effects[0].set.billType = '"入苦"';
    });
    expect(inline).toEqual([
      expect.objectContaining({
        file: 'schemas/procurement/procureProcess.json',
        path: '/effects/0/set/billType',
        name: '入苦',
        suggestions: ['入库'],
      }),
    ]);
    expect(inline[0].message).toContain('没有选项「入苦」');
    const dictionary = plant('schemas/procurement/procureProcess.json', (s) => {
      s.effects[2].set.payableType = 'arrivalDate ? "材料款" : "材料费"';
    });
    expect(dictionary).toEqual([
      expect.objectContaining({
        path: '/effects/2/set/payableType',
        name: '材料费',
        suggestions: expect.arrayContaining(['材料款']),
      }),
    ]);
    expect(dictionary[0].message).toContain('字典 payableType');
  });

  it("names a create effect whose target's 来源类型 does not offer the source page's title", () => {
    const problems = plant('schemas/finance/financialReceivable.json', (s) => {
      const f = fieldOf(s, 'sourceType');
      f.data = f.data.filter((o: { value: string }) => o.value !== '销售流程');
    });
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'schemas/sales/salesProcess.json',
        path: '/effects/6/module',
        name: '销售流程',
        suggestions: expect.arrayContaining(['销售单']),
      }),
    ]);
    expect(problems[0].message).toContain('来源类型');
  });

  it('names a picker of a module no page defines', () => {
    const problems = plant('schemas/finance/financialPayables.json', (s) => {
      fieldOf(s, 'partnerId').data.module = 'partnerInf';
    });
    expect(problems).toEqual([
      expect.objectContaining({
        path: '/drawer/fields/0/data/module',
        name: 'partnerInf',
        suggestions: ['partnerInfo'],
      }),
    ]);
  });

  it('names a button left without the key or text its action does not supply, and a stage button naming no stage action', () => {
    const problems = plant('schemas/finance/reimburseManage.json', (s) => {
      s.list.operations.push(
        { text: '催办', action: 'custom' },
        { key: 'print', action: 'custom' },
        { key: 'payy', action: 'stage' },
      );
    });
    const at = (i: number) => `/list/operations/${i}`;
    const n = real.find((f) => f.file === 'schemas/finance/reimburseManage.json')!.schema as Json;
    const first = n.list.operations.length;
    expect(problems).toEqual([
      expect.objectContaining({ path: at(first), name: 'key', message: expect.stringContaining('缺少 key') }),
      expect.objectContaining({ path: at(first + 1), name: 'text', message: expect.stringContaining('缺少 text') }),
      expect.objectContaining({ path: `${at(first + 2)}/key`, name: 'payy', suggestions: ['pay'] }),
    ]);
  });

  it('leaves a standard button its key and text, and refuses in the meta-schema one whose action supplies none', () => {
    const page = structuredClone(real.find((f) => f.file === 'schemas/finance/reimburseManage.json')!.schema) as Json;
    page.list.operations = [{ action: 'view' }, { action: 'stage', key: 'pay' }];
    expect(validatePageSchema(page, 'x.json').ok).toBe(true);
    page.list.operations.push({ text: '催办', action: 'custom' });
    const refused = validatePageSchema(page, 'x.json');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.errors.map((e) => e.path)).toEqual([
      expect.stringMatching(/^\/list\/operations\/2\b/),
    ]);
  });

  it('names a permission code whose module or action does not exist', () => {
    const action = plant('schemas/finance/financialPayables.json', (s) => {
      s.list.actions[0].permissionCode = 'financialPayables:ad';
    });
    expect(action).toEqual([
      expect.objectContaining({
        path: '/list/actions/0/permissionCode',
        name: 'ad',
        suggestions: expect.arrayContaining(['add']),
      }),
    ]);
    const module = plant('schemas/finance/financialPayables.json', (s) => {
      s.list.actions[0].permissionCode = 'financialPayable:add';
    });
    expect(module).toEqual([
      expect.objectContaining({
        path: '/list/actions/0/permissionCode',
        name: 'financialPayable',
        suggestions: expect.arrayContaining(['financialPayables']),
      }),
    ]);
    const shape = plant('schemas/finance/financialPayables.json', (s) => {
      s.list.actions[0].permissionCode = 'add';
    });
    expect(shape[0].message).toContain('<模块>:<操作>');
  });

  it('names a tab-bar entry that is no catalogue module, and a tab bar that does not exist', () => {
    const entry = plant('schemas/examples/showcase.json', (s) => {
      s.tabs.modules[0].key = 'reimburseManag';
    });
    expect(entry).toEqual([
      expect.objectContaining({
        path: '/tabs/modules/0/key',
        name: 'reimburseManag',
        suggestions: ['reimburseManage'],
      }),
    ]);
    const bar = plant('schemas/finance/financialPayables.json', (s) => {
      s.tabs.bar = 'financ';
    });
    expect(bar).toEqual([expect.objectContaining({ path: '/tabs/bar', name: 'financ', suggestions: ['finance'] })]);
  });
});

describe('suggestions', () => {
  it('counts a swap of neighbours as one edit and finds shared beginnings', () => {
    expect(editDistance('sotrable', 'sortable')).toBe(1);
    expect(suggest('required', ['requireAble', 'reg', 'regMsg'])).toEqual(['requireAble']);
    expect(suggest('zzz', ['requireAble'])).toEqual([]);
  });

  it("are in the meta-schema's message for a property it does not allow", () => {
    const page = structuredClone(real.find((f) => f.file === 'schemas/finance/financialPayables.json')!.schema) as Json;
    page.drawer.fields[0].required = true;
    const res = validatePageSchema(page, 'schemas/finance/financialPayables.json');
    expect(res.errors).toEqual([expect.objectContaining({ path: '/drawer/fields/0', suggestions: ['requireAble'] })]);
    expect(res.errors[0].message).toContain('不允许的属性 required');
    expect(res.errors[0].message).toContain('requireAble');
  });
});
