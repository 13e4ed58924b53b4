/**
 * The workbooks a clerk downloads: a kind's template (Chinese headers on the data sheet, nothing else,
 * and a notes sheet naming each column in both languages with an example row), and a job's report — the file as uploaded with every cell
 * that has a problem filled red and noted, a problems column, and a sheet listing every problem.
 * A report uploaded again after fixing is read without its problems column (table.ts). Every text cell
 * goes through sheetRow/sheetText (packages/shared): a file's `=cmd|...` is written as text, not run.
 */
import type { Language } from '@cf/shared/messages';
import type { ImportKind } from '@cf/shared/wire/admin-imports';
import { sheetRow, sheetText } from '@cf/shared/spreadsheet-cell';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from '@server/http/lazy-libraries';
import type { StoredProblem } from '@server/db/schema-imports';
import type { Sheet } from '../salary/import-file';
import { IMPORT_RULES, messageOf } from './service';
import { REPORT_COLUMN } from './table';

const RED: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true };

async function bufferOf(book: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function templateWorkbook(kind: ImportKind): Promise<Buffer> {
  const { columns } = IMPORT_RULES[kind];
  const book = new (await loadExcelJs()).Workbook();
  const sheet = book.addWorksheet('导入模板');
  sheet.addRow(sheetRow(columns.map((c) => c.zh))).font = HEADER_FONT;
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  // No example row here: a clerk who forgets to delete it would import it (issue 25). It is on the notes sheet.
  columns.forEach((c, i) => {
    sheet.getColumn(i + 1).width = Math.max(12, c.zh.length * 2 + 4);
    // Numbers as text: leading zeros of numbers and ID cards survive Excel.
    sheet.getColumn(i + 1).numFmt = '@';
  });
  const notes = book.addWorksheet('说明 Notes');
  notes.addRow(['列 Column', 'English header', '必填 Required', '示例 Example']).font = HEADER_FONT;
  for (const c of columns) notes.addRow(sheetRow([c.zh, c.en, c.required ? '是 yes' : '', c.example]));
  notes.addRow([]);
  notes.addRow([
    '示例行（仅供参考，请在“导入模板”中填写） Example row (for reference: fill in the template sheet)',
  ]).font = HEADER_FONT;
  notes.addRow(sheetRow(columns.map((c) => c.zh))).font = HEADER_FONT;
  notes.addRow(sheetRow(columns.map((c) => c.example)));
  notes.columns.forEach((col) => (col.width = 22));
  return bufferOf(book);
}

const fileLevel = (p: StoredProblem) => p.row <= 1;

export async function reportWorkbook(
  sheet: Sheet | null,
  problems: StoredProblem[],
  lang: Language,
): Promise<Buffer> {
  const book = new (await loadExcelJs()).Workbook();
  const marked = book.addWorksheet(lang === 'zh' ? '导入报告' : 'Report');
  const header = sheet?.header ?? [];
  const byRow = new Map<number, StoredProblem[]>();
  for (const p of problems) byRow.set(p.row, [...(byRow.get(p.row) ?? []), p]);
  const mark = (row: ExcelJS.Row, found: StoredProblem[]) => {
    for (const p of found) {
      const at = p.column === '' ? -1 : header.indexOf(p.column);
      if (at < 0) continue;
      const cell = row.getCell(at + 1);
      cell.fill = RED;
      cell.note = messageOf(p, lang);
    }
    row.getCell(header.length + 1).value = sheetText(found.map((p) => messageOf(p, lang)).join('；'));
  };
  const top = marked.addRow(sheetRow([...header, REPORT_COLUMN]));
  top.font = HEADER_FONT;
  mark(top, problems.filter(fileLevel));
  for (const row of sheet?.rows ?? []) {
    const added = marked.addRow(sheetRow(row.cells));
    const found = byRow.get(row.line);
    if (found) mark(added, found);
  }
  marked.getColumn(header.length + 1).width = 60;

  const list = book.addWorksheet(lang === 'zh' ? '问题清单' : 'Problems');
  list.addRow(lang === 'zh' ? ['行', '列', '值', '问题'] : ['Row', 'Column', 'Value', 'Problem']).font =
    HEADER_FONT;
  for (const p of problems) list.addRow(sheetRow([p.row, p.column, p.value, messageOf(p, lang)]));
  list.getColumn(4).width = 70;
  return bufferOf(book);
}
