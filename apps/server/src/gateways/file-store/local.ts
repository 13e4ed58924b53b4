/** The file store in a folder under DATA_DIR: `<DATA_DIR>/<folder>/<key>` (index.ts). */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkedFolder, checkedKey, isFolder, isKey, newKey, type FileStore } from './store';

/** Hex sha256 of a file, read as a stream. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

export function localFileStore(dataDir: string): FileStore {
  const dirOf = (folder: string) => path.join(dataDir, checkedFolder(folder));
  /** The file's path, or null when the folder or key is not one the server makes. */
  const fileOf = (folder: string, key: string) =>
    isFolder(folder) && isKey(key) ? path.join(dataDir, folder, key) : null;
  const statOf = async (file: string) => {
    try {
      const s = await stat(file);
      return s.isFile() ? s : null;
    } catch {
      return null;
    }
  };

  async function* walk(folder: string): AsyncGenerator<{ folder: string; key: string }> {
    let dir;
    try {
      dir = await opendir(path.join(dataDir, folder));
    } catch {
      return;
    }
    for await (const entry of dir) {
      if (entry.isFile() && isKey(entry.name)) yield { folder, key: entry.name };
      else if (entry.isDirectory() && isFolder(`${folder}/${entry.name}`))
        yield* walk(`${folder}/${entry.name}`);
    }
  }

  return {
    kind: 'local',
    async save(folder, bytes) {
      const dir = dirOf(folder);
      await mkdir(dir, { recursive: true });
      const key = newKey();
      await writeFile(path.join(dir, key), bytes, { flag: 'wx' });
      return key;
    },
    async put(folder, key, body) {
      const dir = dirOf(folder);
      await mkdir(dir, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const target = path.join(dir, checkedKey(key));
      const part = `${target}.${newKey()}.part`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(part));
        await rename(part, target);
      } finally {
        await rm(part, { force: true });
      }
    },
    async open(folder, key) {
      const file = fileOf(folder, key);
      if (!file || !(await statOf(file))) return null;
      return createReadStream(file);
    },
    async stat(folder, key) {
      const file = fileOf(folder, key);
      const s = file && (await statOf(file));
      return s ? { size: s.size, sha256: await fileSha256(file) } : null;
    },
    async remove(folder, key) {
      const file = fileOf(folder, key);
      if (file) await rm(file, { force: true });
    },
    list: (folder) => walk(checkedFolder(folder)),
    close() {},
  };
}
