/**
 * The file store in an S3-compatible bucket (AWS S3, MinIO, Aliyun OSS, Tencent COS): object
 * `<folder>/<key>`, its sha256 kept as object metadata. The bucket stays private: every read is the
 * server's, streamed through to the caller after its own checks.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '@server/config';
import { checkedFolder, checkedKey, isFolder, isKey, newKey, type FileStore } from './store';

/** The SDK answers a missing object with 404 (NoSuchKey from GET, NotFound from HEAD). */
const isMissing = (err: unknown) =>
  err instanceof Error &&
  (err.name === 'NoSuchKey' ||
    err.name === 'NotFound' ||
    (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

type Sdk = typeof import('@aws-sdk/client-s3');

export function s3FileStore(settings: S3Settings): FileStore {
  const { accessKeyId, secretAccessKey } = settings;
  // The SDK is loaded at the first file, not at start: a server on the folder never loads it, and
  // one on a bucket starts as fast (bench/start.mjs).
  let loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  let closed = false;
  const ready = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => {
      const client = new sdk.S3Client({
        endpoint: settings.endpoint,
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
        // Checksums only where the protocol asks for them: not every S3-compatible server knows the
        // newer CRC32 headers (the bytes are checked by sha256 in files:migrate).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
        requestHandler: { connectionTimeout: 5000, requestTimeout: 60_000 },
      });
      if (closed) client.destroy();
      return { sdk, client };
    }));
  const Bucket = settings.bucket;
  const objectKey = (folder: string, key: string) => `${checkedFolder(folder)}/${checkedKey(key)}`;
  const ours = (folder: string, key: string) => isFolder(folder) && isKey(key);
  const putObject = async (Key: string, Body: Readable | Buffer, size: number, sha256: string) => {
    const { sdk, client } = await ready();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket,
        Key,
        Body,
        ContentLength: size,
        ContentType: 'application/octet-stream',
        Metadata: { sha256 },
      }),
    );
  };

  return {
    kind: 's3',
    async save(folder, bytes) {
      const key = newKey();
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await putObject(objectKey(folder, key), bytes, bytes.length, sha256);
      return key;
    },
    async put(folder, key, body, info) {
      await putObject(objectKey(folder, key), body, info.size, info.sha256);
    },
    async open(folder, key) {
      if (!ours(folder, key)) return null;
      const { sdk, client } = await ready();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: `${folder}/${key}` }));
        // In Node the body is the HTTP response itself: piped on as it arrives, never buffered whole.
        return (object.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stat(folder, key) {
      if (!ours(folder, key)) return null;
      const { sdk, client } = await ready();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: `${folder}/${key}` }));
        return { size: head.ContentLength ?? 0, sha256: head.Metadata?.sha256 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async remove(folder, key) {
      if (!ours(folder, key)) return;
      const { sdk, client } = await ready();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: `${folder}/${key}` }));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },
    async *list(folder) {
      const Prefix = `${checkedFolder(folder)}/`;
      const { sdk, client } = await ready();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const name = object.Key ?? '';
          const slash = name.lastIndexOf('/');
          const [dir, key] = [name.slice(0, slash), name.slice(slash + 1)];
          if (ours(dir, key)) yield { folder: dir, key };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close() {
      closed = true;
      void loaded?.then(({ client }) => client.destroy());
    },
  };
}
