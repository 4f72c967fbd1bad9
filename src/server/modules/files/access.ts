import type { DB } from '../../db';

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
