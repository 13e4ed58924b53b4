/** The file store's interface and the names it accepts (index.ts picks the adapter). */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface StoredFileInfo {
  size: number;
  /** Hex sha256 of the bytes, when the store knows it (the bucket keeps it as object metadata). */
  sha256?: string;
}

export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Saves the bytes under a new random key in `folder` (e.g. `notice-files`); answers the key. */
  save(folder: string, bytes: Buffer): Promise<string>;
  /** Saves under a key the caller already has (files:migrate keeps each file's key). */
  put(folder: string, key: string, body: Readable | Buffer, info: Required<StoredFileInfo>): Promise<void>;
  /** The stored file as a stream (never read whole), or null when there is none. */
  open(folder: string, key: string): Promise<Readable | null>;
  /** Size and hash of a stored file, or null when there is none. */
  stat(folder: string, key: string): Promise<StoredFileInfo | null>;
  /** Removes a stored file (nothing happens when it is already gone). */
  remove(folder: string, key: string): Promise<void>;
  /** Every stored file whose folder is `folder` or under it (files:migrate). */
  list(folder: string): AsyncIterable<{ folder: string; key: string }>;
  /** Lets go of connections (the S3 client's sockets). */
  close(): void;
}

/** Keys are made by `newKey`: 32 lowercase hex digits. Anything else names no stored file. */
const KEY = /^[0-9a-f]{32}$/;
/** Folders are made by the server: short segments of letters, digits, `_` and `-`, joined by `/`. */
const FOLDER = /^[0-9A-Za-z_-]{1,64}(\/[0-9A-Za-z_-]{1,64}){0,3}$/;

export const newKey = () => randomBytes(16).toString('hex');
export const isKey = (key: string) => KEY.test(key);
export const isFolder = (folder: string) => FOLDER.test(folder);

/** The folder checked (a bad one is a bug in the server, not something a caller can send). */
export function checkedFolder(folder: string): string {
  if (!isFolder(folder)) throw new Error('file store: unfit folder name');
  return folder;
}

/** The key checked, for writes (reads of a key that is not ours answer "no such file"). */
export function checkedKey(key: string): string {
  if (!isKey(key)) throw new Error('file store: unfit key');
  return key;
}
