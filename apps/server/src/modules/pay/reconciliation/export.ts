/**
 * A run's differences as an XLSX workbook (exceljs): a summary line, one row per difference, then a
 * totals row; channels and states in the clerk's words (packages/shared/src/labels). Text cells go
 * through sheetRow (packages/shared): nothing in them is run as a formula.
 */
import { sheetRow } from '@cf/shared/spreadsheet-cell';
import { loadExcelJs } from '@server/http/lazy-libraries';
import { labelOf } from '@cf/shared/labels/label';
import { PAY_METHOD_LABELS, TRADE_STATE_LABELS } from '@cf/shared/labels/pay';
import { translate, type Language, type MessageKey } from '@cf/shared/messages';
import { yuanDigits } from '@cf/shared/money';
import type { ReconciliationLine, ReconciliationRun } from '@cf/shared/wire/admin-reconciliation';

const COLUMNS = [
  'kind',
  'difference',
  'outNo',
  'transactionId',
  'statementYuan',
  'ourYuan',
  'statementState',
  'ourState',
] as const;

export async function reconciliationWorkbook(
  run: ReconciliationRun,
  lines: ReconciliationLine[],
  lang: Language,
): Promise<Buffer> {
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(key as MessageKey, lang, params);
  const book = new (await loadExcelJs()).Workbook();
  const sheet = book.addWorksheet(t('reconcile.sheet'));
  sheet.addRow(
    sheetRow([
      t('reconcile.summary', {
        date: run.billDate,
        channel: labelOf(PAY_METHOD_LABELS, run.channel, lang),
        statementCount: run.statement.payments.count,
        statementYuan: yuanDigits(run.statement.payments.fen),
        ourCount: run.ours.payments.count,
        ourYuan: yuanDigits(run.ours.payments.fen),
        differences: run.differenceCount,
      }),
    ]),
  );
  const header = sheet.addRow(sheetRow(COLUMNS.map((c) => t(`reconcile.col.${c}`))));
  header.font = { bold: true };
  const money = (fen: number | null) => (fen === null ? '' : yuanDigits(fen));
  for (const line of lines) {
    sheet.addRow(
      sheetRow([
        t(`reconcile.kind.${line.kind}`),
        t(`reconcile.diff.${line.difference}`),
        line.outNo,
        line.transactionId ?? '',
        money(line.statementFen),
        money(line.ourFen),
        labelOf(TRADE_STATE_LABELS, line.statementState, lang),
        labelOf(TRADE_STATE_LABELS, line.ourState, lang),
      ]),
    );
  }
  const sum = (fen: (line: ReconciliationLine) => number | null) =>
    lines.reduce((total, line) => total + (fen(line) ?? 0), 0);
  const totals = sheet.addRow(
    sheetRow([
      t('export.reconcileTotal', { count: lines.length }),
      '',
      '',
      '',
      money(sum((l) => l.statementFen)),
      money(sum((l) => l.ourFen)),
    ]),
  );
  totals.font = { bold: true };
  sheet.columns.forEach((column) => (column.width = 22));
  return Buffer.from(await book.xlsx.writeBuffer());
}
