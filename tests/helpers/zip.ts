// A zip reader and writer small enough to forge with: the suites take a real .xlsx apart and put it back together
// with a part that inflates far beyond what its headers declare (a zip bomb), which no zip library writes.
import zlib from 'node:zlib';

export interface ZipPart {
  name: string;
  /** The part's bytes, in pieces (a bomb's hundreds of MB are never one buffer). */
  chunks: Iterable<Buffer>;
  /** What the headers declare as the inflated size; the real size when left out. */
  declaredSize?: number;
}

/** The parts of a zip (central directory order), inflated. */
export function readZip(bytes: Buffer): { name: string; data: Buffer }[] {
  let end = bytes.length - 22;
  while (end >= 0 && bytes.readUInt32LE(end) !== 0x06054b50) end--;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const parts: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const raw = bytes.subarray(start, start + compressed);
    parts.push({ name, data: method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return parts;
}

/** Deflates the pieces as one stream; returns the compressed bytes, the real size and the CRC-32. */
async function deflate(chunks: Iterable<Buffer>) {
  const out: Buffer[] = [];
  const stream = zlib.createDeflateRaw({ level: 9 });
  stream.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  let size = 0;
  let crc = 0;
  for (const c of chunks) {
    size += c.length;
    crc = zlib.crc32(c, crc);
    if (!stream.write(c)) await new Promise((resolve) => stream.once('drain', resolve));
  }
  stream.end();
  await done;
  return { data: Buffer.concat(out), size, crc };
}

/** A zip of the parts, deflated, each declaring `declaredSize` where given (and its real CRC). */
export async function writeZip(parts: ZipPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, crc } = await deflate(part.chunks);
    const name = Buffer.from(part.name, 'utf8');
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `total` bytes of `byte`, as 1 MB pieces. */
export function* filler(total: number, byte = 0x20): Iterable<Buffer> {
  const piece = Buffer.alloc(1024 * 1024, byte);
  for (let left = total; left > 0; left -= piece.length) yield left >= piece.length ? piece : piece.subarray(0, left);
}
