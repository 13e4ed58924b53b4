/**
 * A real S3 HTTP server for the tests (the s3rver package), on a random loopback port with its own
 * folder and one bucket: the S3 adapter speaks the same protocol to it as to AWS S3, MinIO, OSS or COS.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/config';

export interface TestS3Server {
  settings: S3Settings;
  /** The same as environment settings (loadConfig). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'cf-s3-'));
  const bucket = `cf-test-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    // s3rver's own pair: it checks signatures made with it.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: settings.endpoint!,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
