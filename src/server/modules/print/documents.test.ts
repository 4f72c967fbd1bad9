import { describe, expect, it } from 'vitest';
import type { ColumnDef, DocumentDef, FieldDef, PageSchema } from '../../../common/schema';
import { documentErrors, documentLines, SUBTOTAL } from './documents';

const doc = (over: Partial<DocumentDef> = {}): DocumentDef => ({
  key: 'cut',
  title: '下料单',
  format: 'pdf',
  from: 'record',
  permissionCode: 'reg:print',
  ...over,
});
const cols = ['itemType', 'partName', 'material', 'thickness', 'quantity'].map((prop) => ({
  prop,
  label: prop,
})) as ColumnDef[];
const fields = [
  { fieldName: 'propName' },
  { fieldName: 'qty' },
  { fieldName: 'propId', data: { module: 'bom', label: '{code}' } },
] as FieldDef[];
const page = (documents: DocumentDef[]) => ({
  schema: {
    key: 'reg',
    module: 'reg',
    title: 'x',
    documents,
    list: { columns: [{ prop: 'code', label: '单号' }] },
  } as unknown as PageSchema,
  fields,
  lineColumns: cols,
});

const lines = [
  { itemType: '木作部件', partName: '侧板', material: 'm1', materialName: '多层板', thickness: 18, quantity: 2 },
  { itemType: '配件', partName: '铰链', quantity: 4 },
  { itemType: '木作部件', partName: '层板', material: 'm1', materialName: '多层板', thickness: 15, quantity: 4 },
  { itemType: '木作部件', partName: '顶板', material: 'm1', materialName: '多层板', thickness: 18, quantity: 1 },
  { itemType: '五金', partName: '拉手', quantity: 2 },
];

describe('documents', () => {
  it('keeps the lines the filter names (a value or one of several)', () => {
    expect(
      documentLines(doc({ lineFilter: { itemType: '木作部件' } }), lines, {}).lines.map((l) => l.partName),
    ).toEqual(['侧板', '层板', '顶板']);
    expect(
      documentLines(doc({ lineFilter: { itemType: ['配件', '五金'] } }), lines, {}).lines.map((l) => l.partName),
    ).toEqual(['铰链', '拉手']);
    expect(documentLines(doc(), lines, {}).lines).toHaveLength(5);
  });

  it('groups by material and thickness, each group closed by a 小计 row; totals leave the 小计 out', () => {
    const d = doc({
      lineFilter: { itemType: '木作部件' },
      columns: ['partName', 'quantity'],
      groupBy: ['material', 'thickness'],
      sum: ['quantity'],
    });
    const { lines: out, totals } = documentLines(d, lines, {});
    expect(out.map((l) => (l[SUBTOTAL] ? `${String(l.partName)}=${String(l.quantity)}` : l.partName))).toEqual([
      '侧板',
      '顶板',
      '小计 多层板 18=3',
      '层板',
      '小计 多层板 15=4',
    ]);
    expect(totals).toEqual({ quantity: 7 });
  });

  it("multiplies the summed cells by the record's `times` field", () => {
    const d = doc({ lineFilter: { itemType: '木作部件' }, sum: ['quantity'], times: 'qty' });
    const { lines: out, totals } = documentLines(d, lines, { qty: 3 });
    expect(out.map((l) => l.quantity)).toEqual([6, 12, 3]);
    expect(totals).toEqual({ quantity: 21 });
  });

  it('names every field, column, permission and layout problem at start', () => {
    const bomCols = [{ prop: 'partName', label: '部件' }] as ColumnDef[];
    const lookup = (k: string) => (k === 'bom' ? bomCols : undefined);
    expect(
      documentErrors(
        page([
          doc({
            header: ['propName'],
            columns: ['partName'],
            groupBy: ['material'],
            sum: ['quantity'],
            lineFilter: { itemType: 'x' },
          }),
        ]),
        lookup,
      ),
    ).toEqual([]);
    expect(documentErrors(page([doc({ linesOf: 'propId', columns: ['partName'] })]), lookup)).toEqual([]);
    expect(
      documentErrors(
        page([
          doc({ header: ['nope'], columns: ['zz'], permissionCode: 'other:print' }),
          doc({ key: 'cut', layout: 'labels' }),
          doc({ key: 'list', from: 'list', format: 'pdf', columns: ['code', 'x'], groupBy: ['a'] }),
          doc({ key: 'b', linesOf: 'propName' }),
          doc({ key: 'c', linesOf: 'propId', columns: ['quantity'], times: 'nope' }),
        ]),
        lookup,
      ),
    ).toEqual([
      'documents[0].permissionCode "other:print" is not a permission of this page',
      'documents[0].header[0] "nope" is not a field of the page',
      'documents[0].columns[0] "zz" is not a line column',
      'documents[1]: key "cut" is used twice',
      'documents[1]: labels need a qr column',
      'documents[2]: a list document is an xlsx',
      'documents[2].columns[1] "x" is not a list column',
      'documents[2].groupBy: only for record documents',
      'documents[3].linesOf "propName" is not a record picker of the form',
      'documents[3]: no line items to read',
      'documents[4].columns[0] "quantity" is not a line column',
      'documents[4].times "nope" is not a field of the page',
    ]);
  });
});
