/**
 * One contract for both file stores: the folder under DATA_DIR and an S3-compatible bucket (here a
 * real S3 HTTP server, s3rver, on a loopback port). Save, read back as a stream, stat, put under a
 * given key, list, remove; missing keys answer null; keys and folders the server never makes name
 * no file, and writes under them are refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSecretName } from '@server/http/redact';
import { startS3Server, type TestS3Server } from '@server-test/s3-server';
import { localFileStore } from './local';
import { s3FileStore } from './s3';
import type { FileStore } from './store';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function chunksOf(stream: Readable): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return chunks;
}

async function readAll(store: FileStore, folder: string, key: string): Promise<Buffer | null> {
  const stream = await store.open(folder, key);
  return stream && Buffer.concat(await chunksOf(stream));
}

const HOSTILE_KEYS = [
  '',
  '..',
  '../secrets.json',
  '/etc/passwd',
  'A'.repeat(32),
  'a'.repeat(31),
  'a'.repeat(33),
  `${'a'.repeat(32)}/x`,
  `${'a'.repeat(31)}\0`,
  '%2e%2e%2fsecrets.json',
  `..\\${'a'.repeat(32)}`,
];
const HOSTILE_FOLDERS = [
  '',
  '..',
  '../x',
  '/etc',
  'notice-files/..',
  'a//b',
  'a\\b',
  'a/./b',
  'x'.repeat(65),
];

describe.each(['local', 's3'] as const)('the %s file store', (kind) => {
  let store: FileStore;
  let dataDir: string;
  let s3: TestS3Server | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cf-file-store-'));
    // A file beside the store's folders that no key may reach.
    writeFileSync(path.join(dataDir, 'secrets.json'), '{"jwtSecret":"x"}');
    if (kind === 's3') s3 = await startS3Server();
    store = kind === 'local' ? localFileStore(dataDir) : s3FileStore(s3!.settings);
  });
  afterAll(async () => {
    store.close();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('saves under a new random key and reads the same bytes back', async () => {
    const bytes = randomBytes(3000);
    const key = await store.save('notice-files', bytes);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(await store.save('notice-files', bytes)).not.toBe(key);
    expect((await readAll(store, 'notice-files', key))!.equals(bytes)).toBe(true);
    expect(await store.stat('notice-files', key)).toEqual({ size: 3000, sha256: sha256(bytes) });
    expect(store.kind).toBe(kind);
  });

  it('streams a large file in pieces, unchanged', async () => {
    const bytes = randomBytes(6 * 1024 * 1024);
    const key = await store.save('bill-evidence/100001', bytes);
    const stream = (await store.open('bill-evidence/100001', key))!;
    // From the bucket, the HTTP response itself: passed on as it arrives, not read whole first.
    if (kind === 's3') expect(stream).toBeInstanceOf(IncomingMessage);
    const chunks = await chunksOf(stream);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(bytes.length);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(bytes));
  });

  it('puts under a given key, from a stream or bytes, replacing what was there', async () => {
    const key = 'b'.repeat(32);
    const first = randomBytes(1000);
    await store.put(
      'bill-evidence/100002',
      key,
      Readable.from([first.subarray(0, 500), first.subarray(500)]),
      {
        size: first.length,
        sha256: sha256(first),
      },
    );
    expect((await readAll(store, 'bill-evidence/100002', key))!.equals(first)).toBe(true);
    const second = Buffer.from('second');
    await store.put('bill-evidence/100002', key, second, { size: second.length, sha256: sha256(second) });
    expect((await readAll(store, 'bill-evidence/100002', key))!.equals(second)).toBe(true);
    expect(await store.stat('bill-evidence/100002', key)).toEqual({ size: 6, sha256: sha256(second) });
  });

  it('lists the files of a folder and the folders under it', async () => {
    const a = await store.save('listed', Buffer.from('a'));
    const b = await store.save('listed/100001', Buffer.from('b'));
    await store.save('listed-not', Buffer.from('c'));
    const listed = [];
    for await (const file of store.list('listed')) listed.push(file);
    expect(listed.sort((x, y) => x.folder.localeCompare(y.folder))).toEqual([
      { folder: 'listed', key: a },
      { folder: 'listed/100001', key: b },
    ]);
    const none = [];
    for await (const file of store.list('never-written')) none.push(file);
    expect(none).toEqual([]);
  });

  it('removes a file; a missing one answers null, and removing it again is no error', async () => {
    const key = await store.save('notice-files', Buffer.from('gone soon'));
    await store.remove('notice-files', key);
    expect(await store.open('notice-files', key)).toBeNull();
    expect(await store.stat('notice-files', key)).toBeNull();
    await expect(store.remove('notice-files', key)).resolves.toBeUndefined();
    expect(await store.open('notice-files', 'c'.repeat(32))).toBeNull();
    // A file of one folder is not found in another.
    const kept = await store.save('notice-files', Buffer.from('kept'));
    expect(await store.open('bill-evidence/100001', kept)).toBeNull();
  });

  it('finds no file by a key or folder the server never makes, and refuses to write there', async () => {
    const kept = await store.save('notice-files', Buffer.from('kept'));
    for (const key of HOSTILE_KEYS) {
      expect(await store.open('notice-files', key), key).toBeNull();
      expect(await store.stat('notice-files', key), key).toBeNull();
      await store.remove('notice-files', key);
      await expect(
        store.put('notice-files', key, Buffer.from('x'), { size: 1, sha256: '' }),
        key,
      ).rejects.toThrow('unfit key');
    }
    for (const folder of HOSTILE_FOLDERS) {
      expect(await store.open(folder, kept), folder).toBeNull();
      await store.remove(folder, kept);
      await expect(store.save(folder, Buffer.from('x')), folder).rejects.toThrow('unfit folder');
      const listing = async () => {
        for await (const file of store.list(folder)) expect(file).toBeUndefined();
      };
      await expect(listing(), folder).rejects.toThrow('unfit folder');
    }
    // Nothing was removed or written by any of them.
    expect((await readAll(store, 'notice-files', kept))!.toString()).toBe('kept');
    expect(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).toBe('{"jwtSecret":"x"}');
    expect(existsSync(path.join(dataDir, 'x'))).toBe(false);
  });
});

describe('the S3 file store', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.close();
  });

  // s3rver checks the key id of a v4 signature, not the signature itself (the real services do both).
  it('sends its key with every request: an unknown one is refused, and the error does not carry the secret', async () => {
    const secret = 'wrong-secret-0123456789';
    const store = s3FileStore({ ...s3.settings, accessKeyId: 'NOT-OURS', secretAccessKey: secret });
    const failure = await store.save('notice-files', Buffer.from('x')).catch((err: unknown) => err);
    store.close();
    expect(failure).toBeInstanceOf(Error);
    expect((failure as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode).toBe(403);
    expect(JSON.stringify(failure) + String(failure) + (failure as Error).stack).not.toContain(secret);
    // And should the settings or the client's options ever reach a log line, the secret's name is redacted.
    for (const name of ['S3_SECRET_ACCESS_KEY', 'secretAccessKey', 'credentials'])
      expect(isSecretName(name, 'field'), name).toBe(true);
  });
});
