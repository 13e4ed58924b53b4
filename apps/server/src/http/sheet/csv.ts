/**
 * A CSV (UTF-8 or GBK, as Excel in China saves it) read row by row, with formula-looking cells noted
 * (refused: a file must carry values, not a sheet's working). Past the row or column limit the
 * reading stops and the file is refused.
 */
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { columnName, normaliseCell, type SheetLimits, type SheetRow } from './types';
import { FileRefused } from './zip';

/**
 * UTF-8 when the bytes are valid UTF-8, else GBK (what Excel saves as "CSV" on a Chinese system);
 * every line end (CRLF, LF or CR, mixed in one file) made LF.
 */
export function decodeCsv(file: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    text = iconv.decode(file, 'gbk');
  }
  // Line ends are read line by line (issue 23): a CRLF file with one LF-only (or CR-only) line end
  // would otherwise be split on CRLF alone, two rows becoming one.
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** A CSV cell that a spreadsheet would run: =SUM(...), @cmd, +A1, -A1 (but not -5 or +5). */
const CSV_FORMULA = /^(=|@|[+-][^\d.\s])/;

/** Lines of the text, as a progress bar's total (quoted line breaks make it an estimate). */
export function csvLines(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/** Calls `onRow` for every line of the CSV, in order; refuses the file past the limits. */
export function readCsv(text: string, limits: SheetLimits, onRow: (row: SheetRow) => void): void {
  let line = 0;
  let refused: FileRefused | undefined;
  Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    newline: '\n',
    step(result, parser) {
      line++;
      const raw = result.data;
      if (line > limits.maxRows + 1) {
        refused = new FileRefused('imports.tooManyRows');
        return parser.abort();
      }
      if (raw.length > limits.maxColumns && raw.slice(limits.maxColumns).some((c) => c.trim() !== '')) {
        refused = new FileRefused('imports.sheetTooLarge', {
          cell: `${columnName(raw.length)}${line}`,
          rows: limits.maxRows,
          cols: limits.maxColumns,
        });
        return parser.abort();
      }
      const cells = raw.slice(0, limits.maxColumns).map(normaliseCell);
      onRow({ line, cells, formulas: cells.flatMap((c, at) => (CSV_FORMULA.test(c) ? [at] : [])) });
    },
  });
  if (refused) throw refused;
}
