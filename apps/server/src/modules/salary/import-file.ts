/**
 * Reads an uploaded table — CSV (UTF-8 or GBK, as Excel in China saves it) or XLSX — into text cells
 * with their line numbers, noting formula cells (refused: a file must carry values, not a sheet's
 * working). Line 1 is the header. Nothing here knows what the columns mean (import-rules.ts does).
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import Papa from 'papaparse';

export interface SheetRow {
  /** Line of the file, as a spreadsheet numbers it (1 = header). */
  line: number;
  cells: string[];
  /** Indexes of cells holding a formula. */
  formulas: number[];
  /** Indexes of cells inside a merged range (XLSX only). */
  merged?: number[];
}

export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

/** Files of this size and more are refused before they are read. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

const isZip = (file: Buffer) => file.length > 4 && file.readUInt32LE(0) === 0x04034b50;

/** UTF-8 when the bytes are valid UTF-8, else GBK (what Excel saves as "CSV" on a Chinese system). */
export function decodeCsv(file: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    text = iconv.decode(file, 'gbk');
  }
  return text.replace(/^\uFEFF/, '');
}

/** Full-width digits, letters and number punctuation (as Chinese input methods type them) -> ASCII. */
const FULL_WIDTH = /[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A\uFF0B-\uFF0F\u3000]/g;
export const normaliseCell = (text: string): string =>
  text
    .replace(FULL_WIDTH, (c) => (c === '\u3000' ? ' ' : String.fromCharCode(c.charCodeAt(0) - 0xfee0)))
    .trim();

/** A CSV cell that a spreadsheet would run: =SUM(...), @cmd, +A1, -A1 (but not -5 or +5). */
const CSV_FORMULA = /^(=|@|[+-][^\d.\s])/;

/**
 * Told how far the reading is (rows done of all rows) every few thousand rows; the reader then lets
 * other work run, so a progress bar asking meanwhile gets an answer.
 */
export type ReadProgress = (done: number, total: number) => Promise<void>;

/** Rows read between two progress reports. */
const PROGRESS_EVERY = 2000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Calls `read` for 0..total-1, reporting progress (and yielding) every PROGRESS_EVERY rows. */
async function eachRow(total: number, progress: ReadProgress | undefined, read: (i: number) => void) {
  await progress?.(0, total);
  for (let i = 0; i < total; i++) {
    read(i);
    if (progress && (i + 1) % PROGRESS_EVERY === 0) {
      await progress(i + 1, total);
      await nextTurn();
    }
  }
  await progress?.(total, total);
}

async function readCsv(file: Buffer, progress?: ReadProgress): Promise<Sheet> {
  const parsed = Papa.parse<string[]>(decodeCsv(file), { skipEmptyLines: false });
  const lines: SheetRow[] = [];
  await eachRow(parsed.data.length, progress, (i) => {
    const cells = parsed.data[i]!.map(normaliseCell);
    lines.push({ line: i + 1, cells, formulas: cells.flatMap((c, at) => (CSV_FORMULA.test(c) ? [at] : [])) });
  });
  const [first, ...rest] = lines;
  return { header: first?.cells ?? [], rows: rest };
}

/** A cell's value as text: numbers as written, dates as YYYY-MM-DD, rich text joined. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

async function readXlsx(file: Buffer, progress?: ReadProgress): Promise<Sheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) return { header: [], rows: [] };
  const width = sheet.columnCount;
  const lines: SheetRow[] = [];
  await eachRow(sheet.rowCount, progress, (i) => {
    const row = sheet.getRow(i + 1);
    const cells: string[] = [];
    const formulas: number[] = [];
    const merged: number[] = [];
    for (let col = 1; col <= width; col++) {
      const cell = row.getCell(col);
      if (cell.type === ExcelJS.ValueType.Formula) formulas.push(col - 1);
      if (cell.isMerged) merged.push(col - 1);
      cells.push(normaliseCell(cellText(cell.value)));
    }
    lines.push({ line: i + 1, cells, formulas, merged });
  });
  const [first, ...rest] = lines;
  return { header: first?.cells ?? [], rows: rest };
}

/** The sheet, or null when the bytes are neither CSV text nor a workbook. */
export async function readSheet(file: Buffer, progress?: ReadProgress): Promise<Sheet | null> {
  // A report that failed (the database) is not a file that could not be read: that error goes on.
  let reportFailed: { error: unknown } | undefined;
  const report: ReadProgress | undefined =
    progress &&
    (async (done, total) => {
      try {
        await progress(done, total);
      } catch (error) {
        reportFailed = { error };
        throw error;
      }
    });
  try {
    return isZip(file) ? await readXlsx(file, report) : await readCsv(file, report);
  } catch {
    if (reportFailed) throw reportFailed.error;
    return null;
  }
}

/** A row with nothing in it (a spreadsheet's trailing blank lines) is not data. */
export const isBlankRow = (row: SheetRow) => row.cells.every((c) => c === '');
