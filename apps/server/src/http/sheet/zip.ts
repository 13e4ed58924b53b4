/**
 * The one place an uploaded zip (an XLSX) is opened, limits first (issue 23): the central directory
 * is read before anything is unpacked — how many entries, how large each says it unpacks to, in all,
 * and how far each is compressed — and a file past any limit is refused before a byte is inflated.
 * Inflating then counts what comes out and stops at the size the directory declared, so a file that
 * lies about its sizes is refused too. Zip64, encryption and methods other than stored and deflate
 * are not spreadsheet features a school's file needs: they are refused as unreadable.
 */
import { constants, createInflateRaw, inflateRawSync } from 'node:zlib';

/** A refusal of the file: a message key of packages/shared and its params. */
export class FileRefused extends Error {
  constructor(
    readonly key:
      'imports.zipUnsafe' | 'imports.sheetTooLarge' | 'imports.tooManyRows' | 'salary.fileUnreadable',
    readonly params?: Record<string, string | number>,
  ) {
    super(key);
  }
}

export const ZIP_LIMITS = {
  /** An XLSX has a few dozen parts; a thousand is already a strange one. */
  entries: 1000,
  /** What the whole file may unpack to. */
  totalBytes: 512 * 1024 * 1024,
  /** What one part may unpack to (a worksheet is streamed; other parts are held whole and have their own). */
  entryBytes: 400 * 1024 * 1024,
  /** Unpacked over packed, for parts larger than `ratioFrom` (Apache POI refuses past 100 too). */
  ratio: 100,
  ratioFrom: 1024 * 1024,
};

export interface ZipEntry {
  name: string;
  method: 0 | 8;
  compressedSize: number;
  size: number;
  /** Where the packed bytes start in the file. */
  dataStart: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const unsafe = () => new FileRefused('imports.zipUnsafe');
const unreadable = () => new FileRefused('salary.fileUnreadable');

export const isZip = (file: Buffer): boolean => file.length > 4 && file.readUInt32LE(0) === LOCAL;

function endOfDirectory(file: Buffer): number {
  const lowest = Math.max(0, file.length - 22 - 0xffff);
  for (let at = file.length - 22; at >= lowest; at--) if (file.readUInt32LE(at) === EOCD) return at;
  throw unreadable();
}

/** The entries the central directory lists, checked against ZIP_LIMITS; nothing is inflated. */
export function readZipDirectory(file: Buffer, limits = ZIP_LIMITS): Map<string, ZipEntry> {
  const end = endOfDirectory(file);
  const declared = file.readUInt16LE(end + 10);
  const directorySize = file.readUInt32LE(end + 12);
  const directoryStart = file.readUInt32LE(end + 16);
  // 0xffff entries or 0xffffffff offsets mean zip64: not what a school's spreadsheet needs.
  if (declared === 0xffff || directoryStart === 0xffffffff) throw unsafe();
  if (declared > limits.entries) throw unsafe();
  if (directoryStart + directorySize > end) throw unreadable();
  const entries = new Map<string, ZipEntry>();
  let total = 0;
  let at = directoryStart;
  // The records are counted as read: a directory holding more than it declares is refused as well.
  while (at < directoryStart + directorySize) {
    if (at + 46 > end || file.readUInt32LE(at) !== CENTRAL) throw unreadable();
    if (entries.size >= limits.entries) throw unsafe();
    const flags = file.readUInt16LE(at + 8);
    const method = file.readUInt16LE(at + 10);
    const compressedSize = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    const localStart = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 1) throw unreadable(); // encrypted
    if (method !== 0 && method !== 8) throw unreadable();
    if (size === 0xffffffff || compressedSize === 0xffffffff || localStart === 0xffffffff) throw unsafe();
    if (size > limits.entryBytes) throw unsafe();
    total += size;
    if (total > limits.totalBytes) throw unsafe();
    if (size > limits.ratioFrom && size > compressedSize * limits.ratio) throw unsafe();
    if (method === 0 && size !== compressedSize) throw unreadable();
    // The local header must name the same entry; the data must lie inside the file.
    if (localStart + 30 > file.length || file.readUInt32LE(localStart) !== LOCAL) throw unreadable();
    const localName = file.readUInt16LE(localStart + 26);
    const localExtra = file.readUInt16LE(localStart + 28);
    if (file.toString('utf8', localStart + 30, localStart + 30 + localName) !== name) throw unreadable();
    const dataStart = localStart + 30 + localName + localExtra;
    if (dataStart + compressedSize > file.length) throw unreadable();
    if (entries.has(name)) throw unreadable();
    entries.set(name, { name, method, compressedSize, size, dataStart });
  }
  return entries;
}

const packed = (file: Buffer, entry: ZipEntry) =>
  file.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);

/**
 * The entry's bytes as they unpack, chunk by chunk; more than the directory declared (or `max`)
 * stops the inflating and refuses the file.
 */
export async function* inflateEntry(file: Buffer, entry: ZipEntry, max = entry.size): AsyncGenerator<Buffer> {
  const limit = Math.min(entry.size, max);
  if (entry.method === 0) {
    if (entry.size > limit) throw unsafe();
    yield packed(file, entry);
    return;
  }
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  inflate.end(packed(file, entry));
  let out = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      out += chunk.length;
      if (out > limit) throw unsafe();
      yield chunk;
    }
  } catch (err) {
    if (err instanceof FileRefused) throw err;
    throw unreadable();
  } finally {
    inflate.destroy();
  }
}

/** The first bytes an entry unpacks to (at most about `bytes`), for a look at its head. */
export function entryHead(file: Buffer, entry: ZipEntry, bytes = 4096): string {
  if (entry.method === 0) return packed(file, entry).toString('utf8', 0, bytes);
  // 1 KB of deflate unpacks to at most about 1 MB: the head is read without inflating the rest.
  const input = packed(file, entry).subarray(0, 1024);
  try {
    const head = inflateRawSync(input, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: 2 << 20 });
    return head.toString('utf8', 0, bytes);
  } catch {
    return '';
  }
}
