/**
 * Files kept beside the database, under DATA_DIR (notice attachments: modules/notice and the demo
 * seed). Stored under random names, never a name someone uploaded; the database row holds the key.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

const KEY = /^[0-9a-f]{32}$/;

/** The folder of one kind of file (e.g. 'notice-files') under the data folder. */
export const filesDir = (dataDir: string, kind: string) => path.join(dataDir, kind);

/** Writes the file under a new random key and returns the key. */
export async function storeFile(dataDir: string, kind: string, bytes: Buffer): Promise<string> {
  const dir = filesDir(dataDir, kind);
  mkdirSync(dir, { recursive: true });
  const key = randomBytes(16).toString('hex');
  await writeFile(path.join(dir, key), bytes, { flag: 'wx' });
  return key;
}

/** The stored file, or null when it is not on disk. */
export function openFile(dataDir: string, kind: string, key: string): Readable | null {
  if (!KEY.test(key)) return null;
  const file = path.join(filesDir(dataDir, kind), key);
  return existsSync(file) ? createReadStream(file) : null;
}

/** Removes a stored file (nothing happens when it is already gone). */
export async function removeFile(dataDir: string, kind: string, key: string): Promise<void> {
  if (!KEY.test(key)) return;
  await rm(path.join(filesDir(dataDir, kind), key), { force: true });
}
