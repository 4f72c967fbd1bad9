// Which records hold a file (record_files): a file attached to a record is read through that record's gate
// (files/access.ts canReadFile). Links are written in the transaction that puts the file in the record and are
// never taken away — not when the file leaves the record, nor when the record is deleted: a scan removed from an
// employee file must not become a file every member of the team may read.
// The table ties the files to the records, and its migration fills it for records saved before it: its statements
// stand here, below both modules and the migration, so that none of them reaches up into another for them.
import { sql, type QueryExecutorProvider } from 'kysely';
import type { TenantTx } from './tenant-scope';

/** Links these files to the record; ids that are not the team's files are passed over (never a link to another team's). */
export async function holdFiles(trx: TenantTx, tenant: string, recordId: number, fileIds: number[]): Promise<void> {
  if (!fileIds.length) return;
  await sql`INSERT INTO record_files (tenant_code, file_id, record_id)
    SELECT ${tenant}, f.id, ${recordId}::bigint FROM files f WHERE f.tenant_code = ${tenant} AND f.id IN (${sql.join([...new Set(fileIds)])})
    ON CONFLICT DO NOTHING`.execute(trx);
}

/**
 * The records holding a file, each with the module it is stored as. A record that is gone entirely still counts
 * (module null): a file is never freed to the whole team because its record was removed.
 */
export async function recordsHolding(
  trx: TenantTx,
  tenant: string,
  fileId: number,
): Promise<{ id: number; module: string | null }[]> {
  const { rows } = await sql<{
    id: number;
    module: string | null;
  }>`SELECT h.record_id AS id, r.module FROM record_files h
    LEFT JOIN records r ON r.tenant_code = h.tenant_code AND r.id = h.record_id
    WHERE h.tenant_code = ${tenant} AND h.file_id = ${fileId}`.execute(trx);
  return rows.map((x) => ({ id: Number(x.id), module: x.module }));
}

/**
 * Links every file a team's records name (deleted records too) to those records: for records saved before links
 * were kept, and for the demo story, whose files are all stored as the owner's while its records are saved by
 * whoever plays each part. A file's address in a record's values is the upload route's `/api/files/<id>/<name>`;
 * only the team's own files are linked. Runs with app.tenant set to the team (row-level security).
 */
export async function linkNamedFiles(db: QueryExecutorProvider, tenant: string): Promise<void> {
  await sql`INSERT INTO record_files (tenant_code, file_id, record_id)
    SELECT DISTINCT r.tenant_code, f.id, r.id
      FROM records r
      CROSS JOIN LATERAL regexp_matches(r.data::text || r.lines::text, '/api/files/([1-9][0-9]{0,15})/', 'g') AS m(ids)
      JOIN files f ON f.id = m.ids[1]::bigint AND f.tenant_code = r.tenant_code
     WHERE r.tenant_code = ${tenant}
    ON CONFLICT DO NOTHING`.execute(db);
}
