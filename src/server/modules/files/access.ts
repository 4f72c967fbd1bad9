import type { DB } from '../../db';
import { badRequest } from '../../errors';
import type { SessionInfo } from '../../plugins/auth';
import { withTenantRead } from '../../db/tenant-scope';
import { recordsHolding } from '../../db/record-files';
import type { FileStorage } from './storage';
import { fileIdFromUrl, fileUrl, OWN_FILE_URL } from './urls';
import { handover } from '../../handover';

export { fileIdFromUrl, OWN_FILE_URL };

type FileRow = { id: number; tenant_code: string | null; uploaded_by: number };

/** A file belongs to its team: members may read it; a file uploaded before joining any team, only its uploader. */
async function teamMayRead(db: DB, f: Omit<FileRow, 'id'>, userId: number): Promise<boolean> {
  if (f.uploaded_by === userId) return true;
  if (!f.tenant_code) return false;
  const m = await db
    .selectFrom('memberships')
    .select('status')
    .where('tenant_code', '=', f.tenant_code)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return m?.status === 'normal';
}

async function isTeamLogo(db: DB, tenant: string, fileId: number): Promise<boolean> {
  const t = await db.selectFrom('tenants').select('logo_url').where('tenant_code', '=', tenant).executeTakeFirst();
  return !!t?.logo_url && fileIdFromUrl(t.logo_url) === fileId;
}

/** A record that holds a file, with the module it is stored as (null: the record is gone). */
export interface FileHolder {
  id: number;
  module: string | null;
}

/**
 * Whether the session, in the team `tenant`, may open one of these records now. The records core answers (it
 * knows the pages and their gate) and hands the answer over at start, so the file module never imports it.
 */
export type HoldersOpen = (session: SessionInfo, tenant: string, holders: FileHolder[]) => Promise<boolean>;

const slot = handover<HoldersOpen>('no check of the records holding a file was handed over at start (useHoldersOpen)');

/** The records core hands over its check of file holders, once at start. */
export const useHoldersOpen = slot.use;
const holdersOpen = slot.get;

/**
 * Who may read a file's bytes. Its uploader always. A file a record holds (record_files: an ID scan on an employee
 * file, a claim's receipts) is derived from that record: read by a member who may open one of its records now —
 * the gate's checks (permission, visibility, data scope), in the session's team; a deleted record opens to nobody.
 * A team file no record holds (the team logo, avatars, guidance pictures, an upload whose form is not saved yet)
 * is read by every member of its team, as before links were kept.
 */
export async function canReadFile(s: { db: DB }, f: FileRow, session: SessionInfo): Promise<boolean> {
  if (f.uploaded_by === session.userId) return true;
  const tenant = f.tenant_code;
  if (!tenant) return false;
  // The team's logo shows wherever the team does (the team switcher, dialogs, prints), whichever team is active:
  // every member reads it, even when a record (企业信息) holds it too.
  if (await isTeamLogo(s.db, tenant, f.id)) return teamMayRead(s.db, f, session.userId);
  const holders = await withTenantRead(s.db, tenant, (trx) => recordsHolding(trx, tenant, f.id));
  if (!holders.length) return teamMayRead(s.db, f, session.userId);
  // Records are opened in the session's team only, as every record call does.
  if (session.tenantCode !== tenant) return false;
  return holdersOpen()(session, tenant, holders);
}

/**
 * Loads the bytes of an uploaded file that the session may read (used by OCR): what recognition reads of an image
 * (an ID number) is the image's content, so it is read as the file route reads it.
 */
export async function readOwnFile(s: { db: DB; files: FileStorage }, url: string, session: SessionInfo) {
  const id = fileIdFromUrl(url);
  if (!id) return null;
  const f = await s.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  if (!f || !(await canReadFile(s, f, session))) return null;
  return { file: f, bytes: await s.files.read(f.sha256) };
}

/**
 * Refuses (400, `message`) a link that is not the address of a file this user may read: the exact URL the upload
 * route gave out, of a file uploaded by the user or to one of the user's teams. It stores an address only (an
 * avatar, a team's logo and scans): whoever is shown it reads the bytes through the file route and its gate.
 */
export async function assertReadableFileUrl(db: DB, url: string, userId: number, message: string): Promise<void> {
  const m = OWN_FILE_URL.exec(url);
  const f = m
    ? await db
        .selectFrom('files')
        .select(['id', 'file_name', 'tenant_code', 'uploaded_by'])
        .where('id', '=', Number(m[1]))
        .executeTakeFirst()
    : undefined;
  if (!f || url !== fileUrl(f.id, f.file_name) || !(await teamMayRead(db, f, userId))) throw badRequest(message);
}
