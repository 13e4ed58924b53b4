/** A run's differences as an XLSX workbook (exceljs): a summary line, then one row per difference. */
import ExcelJS from 'exceljs';
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
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t('reconcile.sheet'));
  sheet.addRow([
    t('reconcile.summary', {
      date: run.billDate,
      channel: run.channel,
      statementCount: run.statement.payments.count,
      statementYuan: yuanDigits(run.statement.payments.fen),
      ourCount: run.ours.payments.count,
      ourYuan: yuanDigits(run.ours.payments.fen),
      differences: run.differenceCount,
    }),
  ]);
  const header = sheet.addRow(COLUMNS.map((c) => t(`reconcile.col.${c}`)));
  header.font = { bold: true };
  const money = (fen: number | null) => (fen === null ? '' : yuanDigits(fen));
  for (const line of lines) {
    sheet.addRow([
      t(`reconcile.kind.${line.kind}`),
      t(`reconcile.diff.${line.difference}`),
      line.outNo,
      line.transactionId ?? '',
      money(line.statementFen),
      money(line.ourFen),
      line.statementState ?? '',
      line.ourState ?? '',
    ]);
  }
  sheet.columns.forEach((column) => (column.width = 22));
  return Buffer.from(await book.xlsx.writeBuffer());
}
