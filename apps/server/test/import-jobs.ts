/**
 * Bulk loading through the finance office's routes, for the import tests: upload a file (raw body or
 * multipart), wait for the job to settle, commit it; answers in English.
 */
import type { Readable } from 'node:stream';
import { idCardCheckCharacter } from '@cf/shared/validation';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { basicAuth, type TestContext } from './helpers';

/** A mainland ID number made of 17 digits and their check character (GB 11643). */
export const withCheck = (first17: string): string => first17 + idCardCheckCharacter(first17);

export const IMPORT_BASE = '/api/blade-finance/admin/import';

export interface ImportJobReply {
  id: number;
  kind: string;
  status: string;
  phase: string;
  done: number;
  total: number;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  errorCount: number;
  errors: { row: number; column: string; value: string; message: string }[];
  failure: string | null;
}

export function importClient(ctx: () => TestContext, defaultToken: () => string) {
  const headers = (token: string, type?: string) => ({
    authorization: basicAuth(ctx().config),
    'accept-language': 'en',
    'blade-auth': `bearer ${token}`,
    ...(type ? { 'content-type': type } : {}),
  });

  const upload = (
    kind: string,
    file: Buffer | string | Readable,
    query = '',
    type = 'text/csv',
    token = defaultToken(),
  ) =>
    ctx().app.inject({
      method: 'POST',
      url: `${IMPORT_BASE}/${kind}${query}`,
      headers: headers(token, type),
      payload: typeof file === 'string' ? Buffer.from(file) : file,
    });

  const read = (id: number, token = defaultToken()) =>
    ctx().app.inject({ method: 'GET', url: `${IMPORT_BASE}/job/${id}`, headers: headers(token) });

  async function settled(id: number, token = defaultToken()): Promise<ImportJobReply> {
    for (let i = 0; i < 400; i++) {
      const data = (await read(id, token)).json().data as ImportJobReply;
      if (data.status !== 'checking' && data.status !== 'committing') return data;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`job ${id} did not settle`);
  }

  /** Uploads and waits for the dry-run report. */
  async function check(kind: string, file: Buffer | string, query = '', type?: string) {
    const res = await upload(kind, file, query, type);
    expect(res.statusCode, res.body).toBe(200);
    return settled(res.json().data.id);
  }

  const commit = (id: number, token = defaultToken()) =>
    ctx().app.inject({ method: 'POST', url: `${IMPORT_BASE}/job/${id}/commit`, headers: headers(token) });

  async function committed(id: number): Promise<ImportJobReply> {
    const res = await commit(id);
    expect(res.statusCode, res.body).toBe(200);
    return settled(id);
  }

  const template = (kind: string, token = defaultToken()) =>
    ctx().app.inject({ method: 'GET', url: `${IMPORT_BASE}/${kind}/template`, headers: headers(token) });

  return { headers, upload, read, settled, check, commit, committed, template };
}

/** An XLSX of the rows (a formula as {formula}), with one merged range when asked. */
export async function xlsxOf(rows: (string | number | Date | { formula: string })[][], merge?: string) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('s');
  for (const r of rows) sheet.addRow(r);
  if (merge) sheet.mergeCells(merge);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The template's example row (on its notes sheet, under a copy of the headers) as a file of its own. */
export async function exampleFile(book: ExcelJS.Workbook): Promise<Buffer> {
  const notes = book.worksheets[1]!;
  const cells = (row: number) => (notes.getRow(row).values as unknown[]).slice(1);
  const out = new ExcelJS.Workbook();
  const data = out.addWorksheet('导入模板');
  data.addRow(cells(notes.rowCount - 1));
  data.addRow(cells(notes.rowCount));
  return Buffer.from(await out.xlsx.writeBuffer());
}
