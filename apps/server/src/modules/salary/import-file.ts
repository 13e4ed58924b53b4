/**
 * An uploaded table — CSV (UTF-8 or GBK, as Excel in China saves it) or XLSX — as text cells with
 * their line numbers, formula cells noted (refused: a file must carry values, not a sheet's working).
 * Line 1 is the header. Nothing here knows what the columns mean (import-rules.ts does). The reading
 * itself, with its limits and off the request thread, is http/sheet/ (issue 23).
 */
import { AppError } from '@server/http/errors';
import {
  checkSheetFile,
  readSheetFile,
  type ReadProgress,
  type SheetOutcome,
} from '@server/http/sheet/reader';
import { MAX_SHEET_COLUMNS, type Sheet, type SheetLimits, type SheetRow } from '@server/http/sheet/types';

export type { ReadProgress, Sheet, SheetOutcome, SheetRow };

/** Files of this size and more are refused before they are read. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** A sheet of at most `maxRows` data rows, in the columns any school table needs. */
export const sheetLimits = (maxRows: number): SheetLimits => ({ maxRows, maxColumns: MAX_SHEET_COLUMNS });

/** Reads the file's sheet (off the request thread, within the limits); see http/sheet/reader.ts. */
export const readSheet = (file: Buffer, maxRows: number, progress?: ReadProgress): Promise<SheetOutcome> =>
  readSheetFile(file, sheetLimits(maxRows), progress);

/**
 * The limits a file is refused by before it is read (its zip's directory, its sheet's reach), as the
 * 400 the caller answers: a clear message, and no work done for the file.
 */
export async function refuseUnsafeFile(
  file: Buffer,
  maxRows: number,
  tooManyRows: 'imports.tooManyRows' | 'salary.tooManyRows',
): Promise<void> {
  const refusal = await checkSheetFile(file, sheetLimits(maxRows));
  // A file that is no table at all is answered as before: a problem of its job or line report.
  if (!refusal || refusal.key === 'salary.fileUnreadable') return;
  if (refusal.key === 'imports.tooManyRows') throw new AppError(400, tooManyRows, { max: maxRows });
  throw new AppError(400, refusal.key, refusal.params);
}

/** How Excel writes a long number it shows as one (a CSV saved from such a cell): 1.10101200607015E+17. */
const SCIENTIFIC = /^[+-]?\d+(\.\d+)?E[+-]?\d+$/i;

/**
 * Whether the cell was a number in the file (XLSX), or is a number as Excel writes it in a CSV: a text
 * column (an ID, a phone, a school or staff number) refuses it, as Excel keeps 15 digits and no
 * leading zeros (1.10101200607015E+17 reads 110101200607015000).
 */
export const isNumberCell = (row: SheetRow, index: number): boolean =>
  (row.numbers?.includes(index) ?? false) || SCIENTIFIC.test(row.cells[index] ?? '');

/** A row with nothing in it (a spreadsheet's trailing blank lines) is not data. */
export const isBlankRow = (row: SheetRow) => row.cells.every((c) => c === '');

/**
 * When row 1 names none of the known columns (a title row above the header, or a notes sheet): the
 * line of the first of the next rows that names two of them (the header under a title), or null.
 */
export function headerBelow(sheet: Sheet, isKnown: (title: string) => boolean): number | null {
  for (const row of sheet.rows.slice(0, 10))
    if (row.cells.filter((c) => c !== '' && isKnown(c)).length >= 2) return row.line;
  return null;
}
