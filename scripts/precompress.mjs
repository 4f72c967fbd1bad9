// Writes <file>.br (brotli 11) and <file>.gz (gzip 9) next to every text file of a web build above 1 kB, so the
// server sends compressed bytes without compressing per request (serveWeb in src/server/app.ts). Each twin is
// written under a temporary name and renamed into place: a server already serving the folder never sends half of one.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const worthIt = (name, size) => /\.(js|css|html|svg|json)$/.test(name) && size >= 1024;

/** @param {string} dir */
export async function precompressDir(dir) {
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f));
  await Promise.all(
    files.map(async (file) => {
      const stat = fs.statSync(file);
      if (!stat.isFile() || !worthIt(file, stat.size)) return;
      const data = fs.readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        }),
        gzip(data, { level: 9 }),
      ]);
      // A twin that is not smaller is left out: the server then sends the file itself.
      const put = (twin, bytes) => {
        fs.writeFileSync(`${twin}.tmp`, bytes);
        fs.renameSync(`${twin}.tmp`, twin);
      };
      if (br.length < data.length) put(`${file}.br`, br);
      if (gz.length < data.length) put(`${file}.gz`, gz);
    }),
  );
}

// `node scripts/precompress.mjs <dir>`: what scripts/build.mjs runs, at the lowest CPU priority, after it has put a
// build in place.
if (import.meta.url === new URL(`file://${path.resolve(process.argv[1] ?? '')}`).href) {
  await precompressDir(path.resolve(process.argv[2] ?? 'dist/web'));
}
