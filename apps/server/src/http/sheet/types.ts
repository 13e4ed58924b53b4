/** A table read out of an uploaded CSV or XLSX: text cells with their line numbers (line 1 = header). */
export interface SheetRow {
  /** Line of the file, as a spreadsheet numbers it (1 = header). */
  line: number;
  cells: string[];
  /** Indexes of cells holding a formula. */
  formulas: number[];
  /** Indexes of cells inside a merged range (XLSX only). */
  merged?: number[];
  /**
   * Indexes of cells the file holds as numbers (XLSX only, dates not counted): a text column (an ID,
   * a phone, a school number) refuses them, as the number may have lost digits or leading zeros.
   */
  numbers?: number[];
}

export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

/** How far a sheet may reach: past either, the file is refused before (or as soon as) it is seen. */
export interface SheetLimits {
  /** Data rows (the header is line 1, so the last line read is maxRows + 1). */
  maxRows: number;
  maxColumns: number;
}

/** Columns a school's table may use: the templates have at most a few dozen. */
export const MAX_SHEET_COLUMNS = 256;

/** A merged range, 1-based and inclusive. */
export interface MergedRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** Full-width digits, letters and number punctuation (as Chinese input methods type them) -> ASCII. */
const FULL_WIDTH = /[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A\uFF0B-\uFF0F\u3000]/g;
export const normaliseCell = (text: string): string =>
  text
    .replace(FULL_WIDTH, (c) => (c === '\u3000' ? ' ' : String.fromCharCode(c.charCodeAt(0) - 0xfee0)))
    .trim();

/**
 * A number cell's text as Excel shows it: 15 significant digits (1.1+2.2 pasted as a value is stored
 * as 3.3000000000000003 and shown as 3.3), then as JavaScript writes that number.
 */
export const excelNumberText = (n: number): string => String(Number(n.toPrecision(15)));

/** "XFD1048576" -> {row: 1048576, col: 16384}; null when it is not a cell reference. */
export function cellAddress(ref: string): { row: number; col: number } | null {
  const match = /^\$?([A-Z]{1,4})\$?(\d{1,8})$/.exec(ref.toUpperCase());
  if (!match) return null;
  let col = 0;
  for (const ch of match[1]!) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(match[2]), col };
}

/** 16384 -> "XFD". */
export function columnName(col: number): string {
  let name = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
