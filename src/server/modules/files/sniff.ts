// The type of an upload comes from its bytes, never from the name or the browser's claim.
import { fileTypeFromBuffer } from 'file-type';

const ALLOWED = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'application/pdf',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/x-cfb',
  'application/msword',
  'application/vnd.ms-excel',
]);

const TEXT_EXT = /\.(txt|csv|md|json)$/i;

/** Returns the sniffed MIME type, or null when the content is not an accepted kind of file. */
export async function sniffMime(bytes: Buffer, fileName: string): Promise<string | null> {
  const ft = await fileTypeFromBuffer(bytes);
  if (ft) return ALLOWED.has(ft.mime) ? ft.mime : null;
  // Plain text has no magic number: accept it only with a text extension, valid UTF-8 and no NUL bytes.
  if (TEXT_EXT.test(fileName) && !bytes.includes(0)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return 'text/plain';
    } catch {
      return null;
    }
  }
  return null;
}
