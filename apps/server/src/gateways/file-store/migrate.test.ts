/**
 * `npm run files:migrate`: the folder's files go into the bucket (a real S3 server here) under the
 * same keys, each checked by sha256 read back from the bucket; a second run skips what is there with
 * the same hash, a stopped run resumes, a bad copy is counted and removed, `--delete` empties the folder.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '@server-test/s3-server';
import { TEST_WIRE_KEY } from '@server-test/helpers';
import type { Config } from '@server/config';
import { localFileStore } from './local';
import { migrateFiles, runFilesMigrate } from './migrate';
import { s3FileStore } from './s3';
import type { FileStore } from './store';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const key = () => randomBytes(16).toString('hex');

async function bytesOf(store: FileStore, folder: string, name: string): Promise<Buffer | null> {
  const stream = await store.open(folder, name);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('files:migrate', () => {
  let s3: TestS3Server;
  let dataDir: string;
  let bucket: FileStore;
  let config: Pick<Config, 'dataDir' | 'files'>;
  /** Each file of the folder: its place and bytes. */
  const files: { folder: string; key: string; bytes: Buffer }[] = [];

  const run = async (args: string[] = []) => {
    const lines: string[] = [];
    const code = await runFilesMigrate(config, args, (line) => lines.push(line));
    return { code, out: lines.join('\n') };
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = mkdtempSync(path.join(tmpdir(), 'cf-files-migrate-'));
    config = { dataDir, files: { store: 's3', s3: s3.settings } };
    bucket = s3FileStore(s3.settings);
    for (const [folder, size] of [
      ['notice-files', 2000],
      ['notice-files', 3 * 1024 * 1024],
      ['bill-evidence/100001', 10],
      ['bill-evidence/100001', 70_000],
      ['import-files/100002', 1],
    ] as const) {
      const file = { folder, key: key(), bytes: randomBytes(size) };
      mkdirSync(path.join(dataDir, folder), { recursive: true });
      writeFileSync(path.join(dataDir, folder, file.key), file.bytes);
      files.push(file);
    }
    // Not the store's: left where they are.
    writeFileSync(path.join(dataDir, 'secrets.json'), '{}');
    writeFileSync(path.join(dataDir, 'notice-files', 'README'), 'not a key');
  });
  afterAll(async () => {
    bucket.close();
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every file under its key, checked, and prints the counts', async () => {
    const { code, out } = await run();
    expect(code, out).toBe(0);
    expect(out).toContain('5 copied (3.1 MB), 0 already there, 0 failed');
    for (const file of files) {
      expect((await bytesOf(bucket, file.folder, file.key))!.equals(file.bytes)).toBe(true);
      expect(await bucket.stat(file.folder, file.key)).toEqual({
        size: file.bytes.length,
        sha256: sha256(file.bytes),
      });
    }
    const listed = [];
    for await (const f of bucket.list('notice-files')) listed.push(f.key);
    expect(listed.sort()).toEqual(
      files
        .filter((f) => f.folder === 'notice-files')
        .map((f) => f.key)
        .sort(),
    );
    // Nothing removed from the folder without --delete.
    expect(readdirSync(path.join(dataDir, 'notice-files'))).toHaveLength(3);
  });

  it('skips what is there with the same hash, and resumes a run that stopped halfway', async () => {
    expect((await run()).out).toContain('0 copied (0.0 MB), 5 already there, 0 failed');
    // As if stopped: one file never copied, one left different in the bucket.
    const [gone, changed] = [files[0]!, files[2]!];
    await bucket.remove(gone.folder, gone.key);
    const other = Buffer.from('something else');
    await bucket.put(changed.folder, changed.key, other, { size: other.length, sha256: sha256(other) });
    const { code, out } = await run();
    expect(code, out).toBe(0);
    expect(out).toContain('2 copied (0.0 MB), 3 already there, 0 failed');
    expect((await bytesOf(bucket, gone.folder, gone.key))!.equals(gone.bytes)).toBe(true);
    expect((await bytesOf(bucket, changed.folder, changed.key))!.equals(changed.bytes)).toBe(true);
  });

  it('counts a copy that reads back different as failed and removes it, so a new run copies it again', async () => {
    const file = files[3]!;
    await bucket.remove(file.folder, file.key);
    // The bucket as it would look with a broken copy: what is read back is not what was sent.
    const garbling: FileStore = { ...bucket, open: async () => Readable.from([Buffer.from('garbled')]) };
    const failures: string[] = [];
    const counts = await migrateFiles(localFileStore(dataDir), garbling, {
      folders: ['bill-evidence', 'import-files'],
      onFailure: (name, why) => failures.push(`${name}: ${why}`),
    });
    expect(counts).toEqual({ copied: 0, skipped: 2, failed: 1, bytes: 0 });
    expect(failures).toContain(`${file.folder}/${file.key}: the copy read back differs (sha256)`);
    expect(await bucket.stat(file.folder, file.key)).toBeNull();
    const { code, out } = await run();
    expect(code, out).toBe(0);
    expect(out).toContain('1 copied (0.1 MB), 4 already there, 0 failed');
  });

  it('with --delete removes each local file once its copy checked; refuses without a bucket', async () => {
    const { code, out } = await run(['--delete']);
    expect(code, out).toBe(0);
    expect(out).toContain('0 copied (0.0 MB), 5 already there, 0 failed');
    expect(readdirSync(path.join(dataDir, 'notice-files'))).toEqual(['README']);
    expect(readdirSync(path.join(dataDir, 'bill-evidence', '100001'))).toEqual([]);
    for (const file of files)
      expect((await bytesOf(bucket, file.folder, file.key))!.equals(file.bytes)).toBe(true);

    expect(await runFilesMigrate({ dataDir, files: { store: 'local' } }, [], () => undefined)).toBe(2);
    expect(await run(['--force'])).toMatchObject({ code: 2 });
  });

  it('runs as a command with the server settings (npm run files:migrate)', async () => {
    const more = { folder: 'notice-files', key: key(), bytes: randomBytes(500) };
    writeFileSync(path.join(dataDir, more.folder, more.key), more.bytes);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli/files-migrate.ts'],
      {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: {
          ...process.env,
          ...s3.env,
          DATA_DIR: dataDir,
          APP_MODE: 'demo',
          JWT_SECRET: 'files-migrate-test-secret-long-enough-0123',
          WIRE_AES_KEY: TEST_WIRE_KEY,
        },
      },
    );
    expect(stdout).toContain('1 copied (0.0 MB), 0 already there, 0 failed');
    expect(stdout).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
    expect((await bytesOf(bucket, more.folder, more.key))!.equals(more.bytes)).toBe(true);
  });

  it('is wired from the root: npm run files:migrate -- --delete reaches the built command', () => {
    const root = path.resolve(import.meta.dirname, '../../../../..');
    const scripts = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')).scripts;
    // The trailing `--` passes the caller's options (--delete) on to the command, not to npm.
    expect(scripts('package.json')['files:migrate']).toBe('npm run files:migrate --workspace=@cf/server --');
    expect(scripts('apps/server/package.json')['files:migrate']).toContain('dist/files-migrate.js');
    expect(readFileSync(path.join(root, 'apps/server/scripts/build.mjs'), 'utf8')).toContain(
      "'files-migrate': 'src/cli/files-migrate.ts'",
    );
  });
});
