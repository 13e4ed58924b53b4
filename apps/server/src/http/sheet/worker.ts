/**
 * The worker thread sheets are read in (reader.ts keeps a few, with memory and time limits): a file
 * comes as a message, rows go back in batches as they are read, then the merged ranges; a file past a
 * limit goes back as its refusal. Whatever the file does to this thread, the server's own
 * thread goes on answering.
 */
import { parentPort } from 'node:worker_threads';
import { csvLines, decodeCsv, readCsv } from './csv';
import type { SheetLimits, SheetRow } from './types';
import { readXlsx } from './xlsx';
import { FileRefused, isZip } from './zip';

/** Rows sent back at once (and a progress report after each batch). */
const BATCH = 2000;

export type WorkerMessage =
  | { type: 'total'; total: number }
  | { type: 'rows'; rows: SheetRow[] }
  | { type: 'done'; merges: import('./types').MergedRange[] }
  | { type: 'refused'; key: FileRefused['key']; params?: Record<string, string | number> };

const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);

/** Reads one file, posting its rows in batches, then done (or its refusal). */
async function read(file: Buffer, limits: SheetLimits): Promise<void> {
  let batch: SheetRow[] = [];
  const flush = () => {
    if (batch.length) post({ type: 'rows', rows: batch });
    batch = [];
  };
  const row = (r: SheetRow) => {
    batch.push(r);
    if (batch.length >= BATCH) flush();
  };
  try {
    if (isZip(file)) {
      const merges = await readXlsx(file, limits, { total: (total) => post({ type: 'total', total }), row });
      flush();
      post({ type: 'done', merges });
    } else {
      const text = decodeCsv(file);
      post({ type: 'total', total: csvLines(text) });
      readCsv(text, limits, row);
      flush();
      post({ type: 'done', merges: [] });
    }
  } catch (err) {
    const refused = err instanceof FileRefused ? err : new FileRefused('salary.fileUnreadable');
    post({ type: 'refused', key: refused.key, params: refused.params });
  }
}

// One file at a time: the reader sends the next only after this one's done or refusal.
port.on('message', ({ file, limits }: { file: Uint8Array; limits: SheetLimits }) => {
  void read(Buffer.from(file.buffer, file.byteOffset, file.byteLength), limits);
});
