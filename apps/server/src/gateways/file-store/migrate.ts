/**
 * `npm run files:migrate` (cli/files-migrate.ts): copies the uploaded files of the folder under
 * DATA_DIR into the bucket (FILE_STORE=s3), each under the key its database row already holds, so
 * nothing in the database changes. Each copy is read back from the bucket and checked by sha256.
 * Resumable: a file already in the bucket with the same size and hash is skipped, so a run that
 * stopped halfway is simply run again. `--delete` removes each local file once its copy checked.
 */
import { createHash } from 'node:crypto';
import type { Config } from '@server/config';
import { localFileStore } from './local';
import { s3FileStore } from './s3';
import type { FileStore } from './store';

/**
 * The folders of the file store: notice attachments (modules/notice), payers' evidence (modules/fee)
 * and uploaded import files (modules/imports).
 */
export const STORED_FOLDERS = ['notice-files', 'bill-evidence', 'import-files'];

export interface MigrateCounts {
  copied: number;
  skipped: number;
  failed: number;
  bytes: number;
}

async function streamSha256(store: FileStore, folder: string, key: string): Promise<string | null> {
  const stream = await store.open(folder, key);
  if (!stream) return null;
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Uint8Array);
  return hash.digest('hex');
}

/** Copies every file of `folders` from one store to the other; `onFailure` hears of each file that failed. */
export async function migrateFiles(
  from: FileStore,
  to: FileStore,
  options: { folders: string[]; deleteSource?: boolean; onFailure?: (file: string, why: string) => void },
): Promise<MigrateCounts> {
  const counts: MigrateCounts = { copied: 0, skipped: 0, failed: 0, bytes: 0 };
  for (const top of options.folders)
    for await (const { folder, key } of from.list(top)) {
      const name = `${folder}/${key}`;
      try {
        const source = await from.stat(folder, key);
        if (!source?.sha256) throw new Error('gone from the folder while copying');
        const there = await to.stat(folder, key);
        if (there && there.size === source.size && there.sha256 === source.sha256) counts.skipped++;
        else {
          const body = await from.open(folder, key);
          if (!body) throw new Error('gone from the folder while copying');
          await to.put(folder, key, body, { size: source.size, sha256: source.sha256 });
          // Checked by reading the copy back, not by what the bucket says about it.
          if ((await streamSha256(to, folder, key)) !== source.sha256) {
            // Removed, so the next run does not take it for a good copy.
            await to.remove(folder, key);
            throw new Error('the copy read back differs (sha256)');
          }
          counts.copied++;
          counts.bytes += source.size;
        }
        if (options.deleteSource) await from.remove(folder, key);
      } catch (err) {
        counts.failed++;
        options.onFailure?.(name, err instanceof Error ? err.message : String(err));
      }
    }
  return counts;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The command: answers its exit status (1 when a file failed: run it again once the cause is fixed). */
export async function runFilesMigrate(
  config: Pick<Config, 'dataDir' | 'files'>,
  args: string[],
  print: (line: string) => void,
): Promise<number> {
  const unknown = args.filter((a) => a !== '--delete');
  if (unknown.length) {
    print(`files:migrate: unknown option ${unknown.join(' ')} (only --delete)`);
    return 2;
  }
  if (config.files.store !== 's3') {
    print('files:migrate: set FILE_STORE=s3 and the S3_* settings of the bucket to copy the files into');
    return 2;
  }
  const from = localFileStore(config.dataDir);
  const to = s3FileStore(config.files.s3);
  try {
    print(`files:migrate: ${config.dataDir} -> bucket ${config.files.s3.bucket}`);
    const counts = await migrateFiles(from, to, {
      folders: STORED_FOLDERS,
      deleteSource: args.includes('--delete'),
      onFailure: (file, why) => print(`  failed: ${file}: ${why}`),
    });
    print(
      `files:migrate: ${counts.copied} copied (${megabytes(counts.bytes)}), ${counts.skipped} already there, ` +
        `${counts.failed} failed; each copy checked by sha256`,
    );
    return counts.failed ? 1 : 0;
  } finally {
    to.close();
  }
}
