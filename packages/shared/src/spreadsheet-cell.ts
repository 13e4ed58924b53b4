/**
 * Text the server writes into a spreadsheet (XLSX exports, import reports, templates) that a
 * spreadsheet could take for a formula (issue 23): text starting with = + - @, a tab or a carriage
 * return gets a leading apostrophe, so Excel (and whatever the file is saved to, CSV included) shows
 * it as text and never runs it. Text that is a plain number ("-5", "+86") is no formula and stays;
 * numbers, dates and empty cells written as such are never touched. Every writer uses these.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** The text as a spreadsheet cell may hold it: formula-looking text behind an apostrophe. */
export const sheetText = (text: string): string =>
  FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;

/** A cell's value as written: text neutralised (sheetText), anything else as it is. */
export const sheetCell = <V>(value: V): V => (typeof value === 'string' ? (sheetText(value) as V) : value);

/** A row's values as written (sheetCell on each). */
export const sheetRow = <V>(values: readonly V[]): V[] => values.map(sheetCell);
