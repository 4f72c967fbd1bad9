// Upload and image values of a record may only point at files stored for the record's team: the exact
// address the upload route gave out (/api/files/<id>/<name>), never a foreign site, a `javascript:` link
// or another team's (or a not-yet-team) file.
import type { TenantTx } from '../../db/tenant-scope';
import { badRequest } from '../../errors';
import { fileUrl, OWN_FILE_URL } from './urls';
import type { ColumnDef, FieldDef } from '../../../common/schema';
import { cellName, fill, isFileItem, problemMessage, ValueMessages } from '../../../common/rules';

interface Ref {
  url: string;
  id: number;
  name: string;
  computed: boolean;
}

/** A file a record's values name, with who uploaded it and whether the server put it there (a computed field). */
export interface NamedFile {
  id: number;
  uploadedBy: number;
  computed: boolean;
}

/** The file ids a value refers to; throws the field's format message when it is not a list of files on this site. */
function refsOf(value: unknown, name: string, computed = false): Ref[] {
  if (value === undefined || value === null || value === '') return [];
  if (!Array.isArray(value) || !value.every(isFileItem)) throw badRequest(problemMessage('format', name));
  return (value as { url: string }[]).map((f) => {
    const m = OWN_FILE_URL.exec(f.url);
    if (!m) throw badRequest(fill(ValueMessages.file, { name }));
    return { url: f.url, id: Number(m[1]), name, computed };
  });
}

/**
 * Checks every upload/image field and image line column: each file must be one this team stored, at the
 * address the upload route gave out. Throws badRequest naming the field (附件的文件不存在) or the cell
 * (费用明细第1行票据的文件不存在). Call inside the record's tenant transaction. Answers the files named, for
 * the links the save writes (filesToHold, db/record-files.ts holdFiles).
 */
export async function checkUploads(
  trx: TenantTx,
  tenant: string,
  fields: FieldDef[],
  lineColumns: ColumnDef[],
  data: Record<string, unknown>,
  lines: Record<string, unknown>[],
  linesTitle?: string,
): Promise<NamedFile[]> {
  const refs: Ref[] = [];
  for (const f of fields) {
    if (f.fontendType === 'upload' || f.fontendType === 'image')
      refs.push(...refsOf(data[f.fieldName], f.titleName, !!f.compute));
  }
  const imageColumns = lineColumns.filter((c) => c.type === 'image');
  lines.forEach((line, i) => {
    for (const c of imageColumns) refs.push(...refsOf(line?.[c.prop], cellName(linesTitle, i, c.label), !!c.compute));
  });
  if (!refs.length) return [];
  const ids = [...new Set(refs.map((r) => r.id))];
  const rows = await trx
    .selectFrom('files')
    .select(['id', 'file_name', 'uploaded_by'])
    .where('tenant_code', '=', tenant)
    .where('id', 'in', ids)
    .execute();
  const urlOf = new Map(rows.map((r) => [Number(r.id), fileUrl(r.id, r.file_name)]));
  const bad = refs.find((r) => urlOf.get(r.id) !== r.url);
  if (bad) throw badRequest(fill(ValueMessages.file, { name: bad.name }));
  return rows.map((r) => ({
    id: Number(r.id),
    uploadedBy: Number(r.uploaded_by),
    computed: refs.some((x) => x.id === Number(r.id) && x.computed),
  }));
}

/**
 * Of the files a save names, those it links to its record (db/record-files.ts): a person's save links the files he
 * uploaded and those the server computed (a prop's pictures copied onto its order); the server's own writes
 * (`saver` null: an effect's record) link them all. Another member's file that a person names is stored as
 * today but not linked: naming a file must not open it to the record's readers (an address guessed for a
 * colleague's ID scan), nor close a team file to the rest of the team (the team logo named in one's own claim).
 * Files already on the record keep their links: links are never taken away.
 */
export function filesToHold(files: NamedFile[], saver: number | null): number[] {
  return files.filter((f) => saver === null || f.computed || f.uploadedBy === saver).map((f) => f.id);
}

/** The files an upload/image field or image line column of these values names, by id (values as stored: not checked). */
export function fileIdsIn(
  fields: FieldDef[],
  lineColumns: ColumnDef[],
  data: Record<string, unknown>,
  lines: Record<string, unknown>[],
): number[] {
  const ids = new Set<number>();
  const add = (value: unknown) => {
    if (!Array.isArray(value)) return;
    for (const item of value) {
      const m = isFileItem(item) ? OWN_FILE_URL.exec((item as { url: string }).url) : null;
      if (m) ids.add(Number(m[1]));
    }
  };
  for (const f of fields) if (f.fontendType === 'upload' || f.fontendType === 'image') add(data[f.fieldName]);
  const imageColumns = lineColumns.filter((c) => c.type === 'image');
  for (const line of lines) for (const c of imageColumns) add(line?.[c.prop]);
  return [...ids];
}
