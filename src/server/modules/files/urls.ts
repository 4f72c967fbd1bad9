// The addresses of stored files, read by the record store's upload checks and by the file routes alike: kept
// apart from access.ts, which reads records through the gate, so that the record store needs nothing from it.

/**
 * The exact address the upload route gives out for a stored file. Data that links a file (records, avatars,
 * team logos, verification scans) holds only such addresses: never a foreign site, a `javascript:` link or a
 * path that climbs out.
 */
export const OWN_FILE_URL = /^\/api\/files\/([1-9]\d{0,15})\/[^/?#\s\\]+$/;

/** The address the upload route gives out for stored file `id` named `name`. */
export function fileUrl(id: number | string, name: string): string {
  return `/api/files/${id}/${encodeURIComponent(name)}`;
}

/** `/api/files/<id>/<name>` → id. */
export function fileIdFromUrl(url: string): number | null {
  const m = /^\/api\/files\/(\d+)(\/|$)/.exec(url);
  return m ? Number(m[1]) : null;
}
