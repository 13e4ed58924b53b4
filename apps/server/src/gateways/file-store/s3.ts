/**
 * The file store in an S3-compatible bucket (AWS S3, MinIO, Aliyun OSS, Tencent COS): object
 * `<folder>/<key>`, its sha256 kept as object metadata. The bucket stays private: every read is the
 * server's, streamed through to the caller after its own checks.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '@server/config';
import { checkedFolder, checkedKey, isFolder, isKey, newKey, type FileStore } from './store';

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

export function s3FileStore(settings: S3Settings): FileStore {
  const { accessKeyId, secretAccessKey } = settings;
  const client = new S3Client({
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
  const Bucket = settings.bucket;
  const objectKey = (folder: string, key: string) => `${checkedFolder(folder)}/${checkedKey(key)}`;
  const ours = (folder: string, key: string) => isFolder(folder) && isKey(key);
  const putObject = (Key: string, Body: Readable | Buffer, size: number, sha256: string) =>
    client.send(
      new PutObjectCommand({
        Bucket,
        Key,
        Body,
        ContentLength: size,
        ContentType: 'application/octet-stream',
        Metadata: { sha256 },
      }),
    );

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
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: `${folder}/${key}` }));
        // In Node the body is the HTTP response itself: piped on as it arrives, never buffered whole.
        return (object.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stat(folder, key) {
      if (!ours(folder, key)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: `${folder}/${key}` }));
        return { size: head.ContentLength ?? 0, sha256: head.Metadata?.sha256 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async remove(folder, key) {
      if (!ours(folder, key)) return;
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: `${folder}/${key}` }));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },
    async *list(folder) {
      const Prefix = `${checkedFolder(folder)}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const name = object.Key ?? '';
          const slash = name.lastIndexOf('/');
          const [dir, key] = [name.slice(0, slash), name.slice(slash + 1)];
          if (ours(dir, key)) yield { folder: dir, key };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close: () => client.destroy(),
  };
}
