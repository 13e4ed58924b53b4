/**
 * Uploaded files (notice attachments, payers' evidence, import files) behind one interface with two adapters: a
 * folder under DATA_DIR (local.ts, the embedded default) and an S3-compatible bucket (s3.ts: AWS S3,
 * MinIO, Aliyun OSS, Tencent COS), chosen by FILE_STORE. Files are stored under random keys made
 * here, never a name someone uploaded; the database row holds the key, and every read goes through
 * the server's own checks first (the bucket is private; no link to it is handed out).
 */
import type { Config } from '@server/config';
import { localFileStore } from './local';
import { s3FileStore } from './s3';
import type { FileStore } from './store';

export type { FileStore } from './store';

/** The store the settings choose (FILE_STORE). */
export function createFileStore(config: Pick<Config, 'dataDir' | 'files'>): FileStore {
  return config.files.store === 's3' ? s3FileStore(config.files.s3) : localFileStore(config.dataDir);
}
