/**
 * A sheet read through a kind's columns: the header mapped (Chinese or English words), and each row's
 * cells read by column with every problem collected as {row, column, value, message key}. Formula and
 * merged cells are refused here for every kind.
 */
import type { MessageKey, PlainMessageParams } from '@cf/shared/messages';
import { headerBelow, isBlankRow, isNumberCell, type Sheet, type SheetRow } from '../salary/import-file';

export interface Problem {
  row: number;
  column: string;
  value: string;
  key: MessageKey;
  params?: PlainMessageParams;
}

export interface Column<K extends string = string> {
  key: K;
  /** The template's header. */
  zh: string;
  en: string;
  /** Other header words it is known by. */
  aliases?: readonly string[];
  /** The file must have the column. */
  required?: boolean;
  /** The template's example cell. */
  example: string;
  /**
   * An identity written as text (an ID, a phone, a school number): a number cell is refused, as
   * Excel keeps 15 digits and no leading zeros (1.10101200607015E+17 reads 110101200607015000).
   */
  text?: boolean;
}

/** The column the XLSX report adds; a report uploaded again is read without it. */
export const REPORT_COLUMN = '导入问题 / Problems';

const normalise = (text: string) => text.toLowerCase().replace(/[\s_\-/()（）]/g, '');

export class TableRow<K extends string> {
  constructor(
    private readonly table: Table<K>,
    private readonly row: SheetRow,
  ) {}

  get line(): number {
    return this.row.line;
  }

  /** Whether the file has the column at all. */
  has(key: K): boolean {
    return this.table.at[key] !== undefined;
  }

  /** The cell's text ('' when empty or the column is absent); formula cells count as a problem. */
  text(key: K): string {
    const index = this.table.at[key];
    if (index === undefined) return '';
    if (this.row.formulas.includes(index)) {
      this.problem(key, 'salary.formulaCell');
      return '';
    }
    const value = this.row.cells[index] ?? '';
    if (this.table.textual.has(key) && isNumberCell(this.row, index)) {
      this.problem(key, 'imports.numberCell', {
        column: this.table.header[index] ?? '',
        row: this.row.line,
        value: value.slice(0, 40),
      });
      return '';
    }
    return value;
  }

  /** The cell's text, or a 'must not be empty' problem and null. */
  required(key: K): string | null {
    const value = this.text(key);
    if (value !== '') return value;
    if (!this.clean) return null;
    this.problem(key, 'salary.required');
    return null;
  }

  problem(key: K | null, messageKey: MessageKey, params?: PlainMessageParams): void {
    this.problemAt(key === null ? undefined : this.table.at[key], messageKey, params);
  }

  problemAt(index: number | undefined, messageKey: MessageKey, params?: PlainMessageParams): void {
    this.table.problems.push({
      row: this.row.line,
      column: index === undefined ? '' : (this.table.header[index] ?? ''),
      value: index === undefined ? '' : (this.row.cells[index] ?? '').slice(0, 200),
      key: messageKey,
      params,
    });
    this.table.badLines.add(this.row.line);
  }

  get clean(): boolean {
    return !this.table.badLines.has(this.row.line);
  }
}

export class Table<K extends string> {
  readonly at: Partial<Record<K, number>> = {};
  readonly problems: Problem[] = [];
  readonly badLines = new Set<number>();
  readonly rows: TableRow<K>[] = [];
  /** Columns whose cells must be text (Column.text). */
  readonly textual = new Set<K>();

  constructor(
    readonly header: string[],
    dataRows: SheetRow[],
  ) {
    this.rows = dataRows.map((r) => new TableRow(this, r));
  }

  /** False when the header was wrong: no row is read then. */
  get headerOk(): boolean {
    return !this.problems.some((p) => p.row <= 1);
  }
}

/** Maps the header and refuses merged cells; a wrong header stops the reading at row 1. */
export function readTable<K extends string>(sheet: Sheet, columns: readonly Column<K>[]): Table<K> {
  const data = sheet.rows.filter((r) => !isBlankRow(r));
  const table = new Table<K>(sheet.header, data);
  for (const c of columns) if (c.text) table.textual.add(c.key);
  if (sheet.header.every((h) => h === '') || data.length === 0) {
    table.problems.push({ row: 0, column: '', value: '', key: 'salary.fileEmpty' });
    return table;
  }
  const words = new Map<string, K>();
  for (const c of columns)
    for (const word of [c.zh, c.en, ...(c.aliases ?? [])]) words.set(normalise(word), c.key);
  const seen = new Set<K>();
  const known = (title: string) => words.has(normalise(title));
  if (!sheet.header.some(known)) {
    // A title row or a notes sheet: one message, not an "unknown column" per cell (issue 23).
    const below = headerBelow(sheet, known);
    table.problems.push(
      below === null
        ? {
            row: 1,
            column: '',
            value: '',
            key: 'imports.headerNotFound',
            params: {
              columns: [...columns]
                .sort((a, b) => Number(b.required ?? false) - Number(a.required ?? false))
                .slice(0, 3)
                .map((c) => c.zh)
                .join('、'),
            },
          }
        : { row: 1, column: '', value: '', key: 'imports.titleRow', params: { row: below } },
    );
    return table;
  }
  sheet.header.forEach((title, index) => {
    if (title === '' || title === REPORT_COLUMN) return;
    const key = words.get(normalise(title));
    const problem = (messageKey: MessageKey) =>
      table.problems.push({
        row: 1,
        column: title,
        value: title,
        key: messageKey,
        params: { column: title },
      });
    if (key === undefined) return problem('imports.columnUnknown');
    if (seen.has(key)) return problem('salary.columnTwice');
    seen.add(key);
    table.at[key] = index;
  });
  for (const c of columns)
    if (c.required && table.at[c.key] === undefined)
      table.problems.push({
        row: 1,
        column: c.zh,
        value: '',
        key: 'salary.columnMissing',
        params: { column: c.zh },
      });
  if (!table.headerOk) return table;
  data.forEach((row, i) => {
    const index = row.merged?.[0];
    if (index !== undefined) table.rows[i]!.problemAt(index, 'imports.mergedCell');
  });
  return table;
}

/** Duplicate keys inside the file: the second row naming a key points at the first. */
export function firstRows<K extends string>() {
  const first = new Map<string, number>();
  return (row: TableRow<K>, column: K, key: string): boolean => {
    const line = first.get(key);
    if (line === undefined) {
      first.set(key, row.line);
      return true;
    }
    row.problem(column, 'imports.duplicateKey', { row: line });
    return false;
  };
}
