// Upload and image values of a record may only point at files stored for the record's team: the exact
// address the upload route gave out (/api/files/<id>/<name>), never a foreign site, a `javascript:` link
// or another team's (or a not-yet-team) file.
import type { TenantTx } from '../../db/tenant-scope';
import { badRequest } from '../../errors';
import { OWN_FILE_URL } from '../files/access';
import type { ColumnDef, FieldDef } from '../../../common/schema';
import { cellName, fill, isFileItem, problemMessage, ValueMessages } from '../../../common/rules';


interface Ref { url: string; id: number; name: string }

/** The file ids a value refers to; throws the field's format message when it is not a list of files on this site. */
function refsOf(value: unknown, name: string): Ref[] {
  if (value === undefined || value === null || value === '') return [];
  if (!Array.isArray(value) || !value.every(isFileItem)) throw badRequest(problemMessage('format', name));
  return (value as { url: string }[]).map((f) => {
    const m = OWN_FILE_URL.exec(f.url);
    if (!m) throw badRequest(fill(ValueMessages.file, { name }));
    return { url: f.url, id: Number(m[1]), name };
  });
}

/**
 * Checks every upload/image field and image line column: each file must be one this team stored, at the
 * address the upload route gave out. Throws badRequest naming the field (附件的文件不存在) or the cell
 * (费用明细第1行票据的文件不存在). Call inside the record's tenant transaction.
 */
export async function checkUploads(
  trx: TenantTx, tenant: string, fields: FieldDef[], lineColumns: ColumnDef[],
  data: Record<string, unknown>, lines: Record<string, unknown>[], linesTitle?: string,
): Promise<void> {
  const refs: Ref[] = [];
  for (const f of fields) {
    if (f.fontendType === 'upload' || f.fontendType === 'image') refs.push(...refsOf(data[f.fieldName], f.titleName));
  }
  const imageColumns = lineColumns.filter((c) => c.type === 'image');
  lines.forEach((line, i) => {
    for (const c of imageColumns) refs.push(...refsOf(line?.[c.prop], cellName(linesTitle, i, c.label)));
  });
  if (!refs.length) return;
  const ids = [...new Set(refs.map((r) => r.id))];
  const rows = await trx.selectFrom('files').select(['id', 'file_name'])
    .where('tenant_code', '=', tenant).where('id', 'in', ids).execute();
  const urlOf = new Map(rows.map((r) => [Number(r.id), `/api/files/${r.id}/${encodeURIComponent(r.file_name)}`]));
  const bad = refs.find((r) => urlOf.get(r.id) !== r.url);
  if (bad) throw badRequest(fill(ValueMessages.file, { name: bad.name }));
}
