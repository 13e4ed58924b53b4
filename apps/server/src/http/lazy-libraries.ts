/**
 * Libraries a request needs only now and then, loaded on first use rather than at start: exceljs and
 * what it pulls in (unzipper, archiver, jszip, fast-csv…) were ~0.4 s of the compiled server's start on a
 * seeded data folder (bench/start.mjs), paid by every start for a spreadsheet few requests write.
 */
import type ExcelJS from 'exceljs';

let excel: Promise<typeof ExcelJS> | undefined;

/** exceljs, loaded once. */
export const loadExcelJs = (): Promise<typeof ExcelJS> =>
  (excel ??= import('exceljs').then((m) => (m as { default?: typeof ExcelJS }).default ?? m));
