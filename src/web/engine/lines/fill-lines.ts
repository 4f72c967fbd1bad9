// `data.fillLines` of a record picker: when the user picks a record (a 采购模板), the drawer's lines become
// one per line of the picked record, mapped cell by cell; lines already typed are replaced only after a
// confirmation. The lines stay editable, and the server checks them on save like typed ones.
import { useEffect } from 'react';
import type { Form } from '@formily/core';
import type { FieldDef, RecordSource } from '../../../common/schema/types';
import { isEmptyValue } from '../../../common/rules/field-rules';
import type { LineStore } from './line-store';
import { onChoice } from '../fields/picked-store';
import { feedback } from '../feedback';

type Row = Record<string, unknown>;

/** The lines a pick gives: one per picked line, each cell from the picked line's cell the map names. */
export function linesFromPick(map: Record<string, string>, picked: Row | null): Row[] | null {
  const src = picked?.lines;
  if (!Array.isArray(src)) return null;
  return src.map((l) => Object.fromEntries(Object.entries(map).map(([to, from]) => [to, (l as Row)?.[from] ?? null])));
}

/** Whether a line holds anything the user typed. */
const typed = (l: Row) => Object.values(l).some((v) => !isEmptyValue(v));

export function useFillLines(form: Form, lines: LineStore, fields: FieldDef[], active: boolean) {
  useEffect(() => {
    const fillers = new Map(
      fields.flatMap((f) => {
        const map = (f.data as RecordSource | undefined)?.fillLines;
        return map && typeof map === 'object' ? [[f.fieldName, { map, title: f.titleName }] as const] : [];
      }),
    );
    if (!active || !fillers.size) return;
    return onChoice(form, (field, record) => {
      const f = fillers.get(field);
      const next = f ? linesFromPick(f.map, record) : null;
      if (!f || !next?.length) return;
      const replace = () => {
        for (const k of [...lines.keys()]) lines.remove(k);
        for (const l of next) lines.add(l);
      };
      const kept = lines.keys().filter((k) => typed(lines.row(k))).length;
      if (!kept) replace();
      else
        feedback.modal.confirm({
          title: `用所选${f.title}的 ${next.length} 行明细替换当前 ${kept} 行明细？`,
          okText: '替换',
          cancelText: '保留原明细',
          onOk: replace,
        });
    });
  }, [form, lines, fields, active]);
}
