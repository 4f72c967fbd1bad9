// An .xlsx is a zip, and a zip's headers only declare how large each part inflates to: a 300 KB file whose sheet
// declares 1 KB can inflate to gigabytes. Before exceljs (jszip) sees the file, every part is inflated here — as a
// stream whose output is counted and thrown away — and the file is refused as soon as one part, or all of them
// together, pass their bound. So a zip bomb costs at most the bound in inflating, and nothing in memory.
import zlib from 'node:zlib';
import { badRequest } from '../../errors';

/** What one part may inflate to: a 5,000-row sheet of a few dozen columns is a few MB of XML. */
export const MAX_ENTRY_BYTES = 32 * 1024 * 1024;
/** What all the parts together may inflate to. */
export const MAX_EXPANDED_BYTES = 64 * 1024 * 1024;
export const TOO_LARGE = `Excel 文件解压后过大（超过 ${MAX_EXPANDED_BYTES / 1024 / 1024}MB），请删去多余的内容或分批导入`;
export const NOT_XLSX = '请上传 Excel 文件（.xlsx），可先下载导入模板';
export const DAMAGED = 'Excel 文件已损坏（解压后的大小与文件中记录的不符），请用 Excel 重新保存后上传';

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;

/** One part as jszip will read it: where its compressed bytes are, how they are packed, what it declares. */
interface Entry {
  method: number;
  data: Buffer;
  declared: number;
}

/** The end-of-central-directory record: the last one, as jszip finds it. */
function endRecord(bytes: Buffer): number {
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (bytes.readUInt32LE(i) === END) return i;
  }
  throw badRequest(NOT_XLSX);
}

/**
 * The parts, read the way jszip reads them (central directory entries while their signature holds, each one's data
 * after its local header's name and extra field, as long as the central directory says). Anything jszip would read
 * differently — ZIP64, data before the zip, a directory that does not end where the end record says, encryption,
 * another compression — is refused as not an Excel file, so what is counted here is exactly what exceljs inflates.
 */
function entriesOf(bytes: Buffer): Entry[] {
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== LOCAL) throw badRequest(NOT_XLSX);
  const end = endRecord(bytes);
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  let at = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || at === 0xffffffff || at + size !== end || count > 10_000)
    throw badRequest(NOT_XLSX);
  const entries: Entry[] = [];
  while (at + 46 <= end && bytes.readUInt32LE(at) === CENTRAL) {
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const declared = bytes.readUInt32LE(at + 24);
    const local = bytes.readUInt32LE(at + 42);
    if (flags & 1 || (method !== STORED && method !== DEFLATED) || compressed === 0xffffffff || declared === 0xffffffff)
      throw badRequest(NOT_XLSX);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL) throw badRequest(NOT_XLSX);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + compressed > bytes.length) throw badRequest(NOT_XLSX);
    entries.push({ method, data: bytes.subarray(start, start + compressed), declared });
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  if (at !== end || entries.length !== count) throw badRequest(NOT_XLSX);
  return entries;
}

/**
 * The bytes a raw deflate stream inflates to, counted chunk by chunk and dropped; 'over' as soon as the count
 * passes `limit` (the inflating stops there). A stream zlib cannot read is not an Excel file.
 */
function inflatedSize(data: Buffer, limit: number): Promise<number | 'over'> {
  return new Promise((resolve, reject) => {
    if (!data.length) return resolve(0);
    const inflate = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        resolve('over');
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', () => reject(badRequest(NOT_XLSX)));
    inflate.end(data);
  });
}

/** Refuses (400) a workbook that is not a plain zip, or whose parts really inflate past the bounds. */
export async function checkExpansion(bytes: Buffer): Promise<void> {
  const entries = entriesOf(bytes);
  // What the headers declare is checked first: an honest large file is refused before anything is inflated.
  const declared = entries.reduce((sum, e) => sum + e.declared, 0);
  if (declared > MAX_EXPANDED_BYTES || entries.some((e) => e.declared > MAX_ENTRY_BYTES)) throw badRequest(TOO_LARGE);
  let total = 0;
  for (const e of entries) {
    const left = Math.min(MAX_ENTRY_BYTES, MAX_EXPANDED_BYTES - total);
    const size = e.method === STORED ? e.data.length : await inflatedSize(e.data, left);
    if (size === 'over' || size > left) throw badRequest(TOO_LARGE);
    // jszip inflates such a part whole and only then finds it is not the size declared: refused here instead.
    if (size !== e.declared) throw badRequest(DAMAGED);
    total += size;
  }
}
