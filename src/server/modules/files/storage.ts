// Where file bytes live. Content-addressed (by SHA-256), so the same bytes are stored once.
// The local folder is the default; an S3-compatible store (MinIO, OSS) implements the same interface.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface FileStorage {
  put(sha256: string, bytes: Buffer): Promise<void>;
  read(sha256: string): Promise<Buffer>;
  stream(sha256: string): Readable;
}

export class LocalFileStorage implements FileStorage {
  constructor(private root: string) {}

  private pathOf(sha: string) {
    if (!/^[0-9a-f]{64}$/.test(sha)) throw new Error('bad file key');
    return path.join(this.root, sha.slice(0, 2), sha);
  }

  async put(sha: string, bytes: Buffer) {
    const p = this.pathOf(sha);
    if (fs.existsSync(p)) return;
    await fsp.mkdir(path.dirname(p), { recursive: true });
    // Write then rename so a reader never sees half a file.
    const tmp = `${p}.${process.pid}.${Date.now()}.tmp`;
    await fsp.writeFile(tmp, bytes);
    await fsp.rename(tmp, p);
  }

  read(sha: string) {
    return fsp.readFile(this.pathOf(sha));
  }

  stream(sha: string) {
    return fs.createReadStream(this.pathOf(sha));
  }
}
