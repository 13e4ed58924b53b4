/**
 * A streamed XLSX download (exceljs' streaming writer): rows are written and committed batch by
 * batch, so an export of many rows never sits whole in memory. Amounts go in yuan as numbers with two
 * decimals (format 0.00), headers in the request's language. Text a spreadsheet would run (= + - @)
 * is written behind an apostrophe (sheetText, packages/shared); numbers stay numbers.
 */
import { PassThrough } from 'node:stream';
import { sheetCell, sheetText } from '@cf/shared/spreadsheet-cell';
import { badRequest } from './errors';
import { loadExcelJs } from './lazy-libraries';
import type { FastifyReply } from 'fastify';

export interface XlsxColumn<T> {
  header: string;
  width?: number;
  /** yuan: the value is fen, written as yuan with two decimals. */
  kind?: 'text' | 'yuan' | 'time';
  value: (row: T) => string | number | Date | null;
  /** This column's cell of the totals row after the rows (yuan: fen); no column with one, no totals row. */
  total?: string | number;
}

/** The most rows one export writes: a larger search is refused before the first byte (400). */
const EXPORT_MAX_ROWS = 100_000;

/** Refuses an export of more rows than EXPORT_MAX_ROWS, asking the clerk to narrow the search. */
export function checkExportSize(rows: number): void {
  if (rows > EXPORT_MAX_ROWS) throw badRequest('admin.exportTooLarge', { max: EXPORT_MAX_ROWS });
}

const fenToYuan = (fen: number) => Math.round(fen) / 100;

/**
 * Sends the workbook as the reply: one sheet, a header row, every batch `batches` yields, then the
 * totals row (bold) when a column has a total.
 * Checks that can refuse must run before this: once the first byte is out the status is 200.
 */
export async function sendXlsx<T>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: XlsxColumn<T>[],
  batches: AsyncIterable<T[]>,
): Promise<FastifyReply> {
  const stream = new PassThrough();
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c, i) => ({
    key: String(i),
    header: sheetText(c.header),
    width: c.width ?? (c.kind === 'time' ? 20 : 16),
    style:
      c.kind === 'yuan' ? { numFmt: '0.00' } : c.kind === 'time' ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const write = async () => {
    for await (const rows of batches) {
      for (const row of rows)
        sheet
          .addRow(
            columns.map((c) => {
              const v = c.value(row);
              return c.kind === 'yuan' && typeof v === 'number' ? fenToYuan(v) : sheetCell(v);
            }),
          )
          .commit();
    }
    if (columns.some((c) => c.total !== undefined)) {
      const row = sheet.addRow(
        columns.map((c) => {
          const v = c.total ?? null;
          return c.kind === 'yuan' && typeof v === 'number' ? fenToYuan(v) : sheetCell(v);
        }),
      );
      row.font = { bold: true };
      row.commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => {
    reply.log.error({ err }, 'xlsx export failed midway');
    stream.destroy(err as Error);
  });
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(stream);
}

/** Times in the sheet: the school's wall clock (UTC+8) as a date Excel shows as it is. */
export const schoolTime = (date: Date | null): Date | null =>
  date ? new Date(date.getTime() + 8 * 3_600_000) : null;
