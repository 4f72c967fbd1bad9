import type { DB } from '../../db';
import { badRequest } from '../../errors';

/**
 * The exact address the upload route gives out for a stored file. Data that links a file (records, avatars,
 * team logos, verification scans) holds only such addresses: never a foreign site, a `javascript:` link or a
 * path that climbs out.
 */
export const OWN_FILE_URL = /^\/api\/files\/([1-9]\d{0,15})\/[^/?#\s\\]+$/;

/** A file belongs to its team: members may read it; a file uploaded before joining any team, only its uploader. */
export async function canReadFile(db: DB, f: { tenant_code: string | null; uploaded_by: number }, userId: number): Promise<boolean> {
  if (f.uploaded_by === userId) return true;
  if (!f.tenant_code) return false;
  const m = await db
    .selectFrom('memberships').select('status')
    .where('tenant_code', '=', f.tenant_code).where('user_id', '=', userId).executeTakeFirst();
  return m?.status === 'normal';
}

/** `/api/files/<id>/<name>` → id. */
export function fileIdFromUrl(url: string): number | null {
  const m = /^\/api\/files\/(\d+)(\/|$)/.exec(url);
  return m ? Number(m[1]) : null;
}

/** Loads the bytes of an uploaded file that the user may read (used by OCR). */
export async function readOwnFile(db: DB, storage: { read(sha: string): Promise<Buffer> }, url: string, userId: number) {
  const id = fileIdFromUrl(url);
  if (!id) return null;
  const f = await db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  if (!f || !(await canReadFile(db, f, userId))) return null;
  return { file: f, bytes: await storage.read(f.sha256) };
}

/**
 * Refuses (400, `message`) a link that is not the address of a file this user may read: the exact URL the upload
 * route gave out, of a file uploaded by the user or to one of the user's teams.
 */
export async function assertReadableFileUrl(db: DB, url: string, userId: number, message: string): Promise<void> {
  const m = OWN_FILE_URL.exec(url);
  const f = m ? await db.selectFrom('files').select(['id', 'file_name', 'tenant_code', 'uploaded_by']).where('id', '=', Number(m[1])).executeTakeFirst() : undefined;
  if (!f || url !== `/api/files/${f.id}/${encodeURIComponent(f.file_name)}` || !(await canReadFile(db, f, userId))) throw badRequest(message);
}
