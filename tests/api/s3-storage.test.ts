// Uploads through the API land in an S3-compatible store when FILE_STORAGE=s3. The store here is s3rver,
// a real S3 protocol server on a local port, not a stand-in object.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { testDialects } from '../helpers/databases';
import { createTestApp, multipart, TINY_PNG, type TestApp } from '../helpers/test-app';
import { DEMO } from '../../src/server/seed';
import { S3FileStorage, s3OptionsFromEnv } from '../../src/server/modules/files/s3-storage';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe('files in an S3-compatible store', () => {
  let t: TestApp;
  let s3: S3rver;
  let s3Dir: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-s3-'));
    const port = await freePort();
    s3 = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'yiguan', configs: [] }],
    });
    await s3.run();
    Object.assign(process.env, {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'yiguan',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'files/',
    });
    t = await createTestApp(testDialects()[0]);
  });
  afterAll(async () => {
    process.env = saved;
    await t?.close();
    await s3?.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  it('stores the upload in the bucket and serves it back to the team', async () => {
    const token = await t.login(DEMO.username, DEMO.password);
    const body = await multipart({ multipartFile: { bytes: TINY_PNG, name: '发票.png', type: 'image/png' } });
    const up = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/fileUtil/uploadFile',
        headers: { ...body.headers, Satoken: token },
        payload: body.payload,
      })
    ).json();
    expect(up.status, up.message).toBe(200);
    // Nothing on local disk (the demo's own files came with the seeded template).
    const sha = createHash('sha256').update(TINY_PNG).digest('hex');
    expect(fs.existsSync(path.join(t.dataDir, 'files', sha.slice(0, 2), sha))).toBe(false);
    const stored = fs.readdirSync(s3Dir, { recursive: true }).map(String);
    expect(stored.some((p) => p.includes('yiguan') && p.includes('files'))).toBe(true);
    const got = await t.app.inject({ method: 'GET', url: up.data.filePath, headers: { Satoken: token } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(TINY_PNG)).toBe(true);
    // The same bytes again: content-addressed, no second object.
    const again = await multipart({ multipartFile: { bytes: TINY_PNG, name: 'copy.png', type: 'image/png' } });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/fileUtil/uploadFile',
          headers: { ...again.headers, Satoken: token },
          payload: again.payload,
        })
      ).json().status,
    ).toBe(200);
  });

  // s3rver checks the access key of a V4 signature but not the signature itself (its own limitation).
  it('sends its credentials: an unknown access key is refused by the store', async () => {
    const bad = new S3FileStorage({ ...s3OptionsFromEnv(process.env), accessKeyId: 'NOBODY' });
    await expect(bad.put('a'.repeat(64), Buffer.from('x'))).rejects.toThrow(/S3 PUT 403/);
  });
});
