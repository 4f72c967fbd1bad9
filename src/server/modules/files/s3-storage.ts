// An S3-compatible object store (AWS S3, MinIO, Aliyun OSS, Tencent COS) for uploaded files, selected with
// FILE_STORAGE=s3. Requests are signed with AWS Signature V4 by aws4fetch; objects use path-style URLs
// ({endpoint}/{bucket}/{key}), which every S3-compatible service accepts.
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import type { FileStorage } from './storage';

export interface S3Options {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  /** Key prefix inside the bucket, e.g. "yiguan/". */
  prefix?: string;
}

export class S3FileStorage implements FileStorage {
  private client: AwsClient;

  constructor(private o: S3Options) {
    this.client = new AwsClient({
      accessKeyId: o.accessKeyId,
      secretAccessKey: o.secretAccessKey,
      region: o.region ?? 'us-east-1',
      service: 's3',
    });
  }

  private url(sha: string) {
    if (!/^[0-9a-f]{64}$/.test(sha)) throw new Error('bad file key');
    return `${this.o.endpoint.replace(/\/$/, '')}/${this.o.bucket}/${this.o.prefix ?? ''}${sha.slice(0, 2)}/${sha}`;
  }

  private async fetchOk(sha: string, init: RequestInit = {}) {
    const res = await this.client.fetch(this.url(sha), init);
    if (!res.ok) throw new Error(`S3 ${init.method ?? 'GET'} ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return res;
  }

  async put(sha: string, bytes: Buffer) {
    // Content-addressed: an object that is already there holds the same bytes.
    const head = await this.client.fetch(this.url(sha), { method: 'HEAD' });
    if (head.ok) return;
    await this.fetchOk(sha, {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'Content-Type': 'application/octet-stream' },
    });
  }

  async read(sha: string) {
    return Buffer.from(await (await this.fetchOk(sha)).arrayBuffer());
  }

  stream(sha: string) {
    // The interface streams synchronously; the body is fetched on first read.
    const self = this;
    return Readable.from(
      (async function* () {
        const res = await self.fetchOk(sha);
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) yield Buffer.from(chunk);
      })(),
    );
  }
}

/** FILE_STORAGE=s3 with S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (S3_REGION, S3_PREFIX optional). */
export function s3OptionsFromEnv(env: NodeJS.ProcessEnv): S3Options {
  const need = (k: string) => {
    const v = env[k];
    if (!v) throw new Error(`FILE_STORAGE=s3 needs ${k}`);
    return v;
  };
  return {
    endpoint: need('S3_ENDPOINT'),
    bucket: need('S3_BUCKET'),
    accessKeyId: need('S3_ACCESS_KEY_ID'),
    secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
    region: env.S3_REGION,
    prefix: env.S3_PREFIX,
  };
}
