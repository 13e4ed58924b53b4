/**
 * The one rule for the console's table columns (issue 25 item 1): widths come from the content.
 * Ids (order, student and employee numbers, ID cards, phones), money, date-times and counts never wrap; short
 * labels (a channel, a kind) neither; text (item names, people's names, classes, reasons, comments) is
 * cut with an ellipsis, the whole text in its title. Each helper returns antd column props with the
 * class the stylesheet (columns.css) and the e2e layout check (e2e/support.ts, findTableProblems) know:
 * cf-id, cf-money, cf-date, cf-count, cf-label, cf-text. No column is fixed and no width is set: the table fits
 * the page at 1024 px without scrolling sideways.
 */
import type { TableColumnType as ColumnType } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { formatDate, formatDateTime, formatMoney } from '@admin/lib/format';
import './columns.css';

export type ColumnKind = 'id' | 'money' | 'date' | 'count' | 'label' | 'text';

/** The class of a column of a kind, with the column's own classes. */
export function columnClass(kind: ColumnKind, own?: string): string {
  return own ? `cf-${kind} ${own}` : `cf-${kind}`;
}

const marked = <T,>(kind: ColumnKind, column: ColumnType<T>): ColumnType<T> => ({
  ...column,
  className: columnClass(kind, column.className),
});

/** `data-user-data` for what a person typed or the school named (the English screens' Han check skips it). */
const userDataProps = (userData: boolean | undefined) => (userData ? { 'data-user-data': true } : {});

/**
 * A piece of text on one line, cut with an ellipsis where its cell ends; the whole text in its title.
 * With `onClick` it is a link-styled button (a notice's title opens it).
 */
export function Cut({
  text,
  userData,
  secondary,
  style,
  testId,
  onClick,
}: {
  text: string | null | undefined;
  userData?: boolean;
  /** Quieter, as a second line under the first. */
  secondary?: boolean;
  style?: CSSProperties;
  testId?: string;
  onClick?: () => void;
}) {
  const value = text ?? '';
  const props = {
    className: secondary ? 'cf-cut cf-secondary' : 'cf-cut',
    title: value || undefined,
    style,
    'data-testid': testId,
    ...userDataProps(userData),
  };
  return (
    <span className="cf-cut-box" data-text={value}>
      {onClick ? (
        <button type="button" {...props} onClick={onClick}>
          {value}
        </button>
      ) : (
        <span {...props}>{value}</span>
      )}
    </span>
  );
}

/** An id inside a richer cell (a person's number under the name): one line, tabular figures. */
export function Id({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <span className="cf-id" style={style} data-user-data>
      {children}
    </span>
  );
}

/**
 * A second, quieter line in a cell, kept whole on its line as its kind is (the time under an order
 * number, the channel under a state, a refund under an amount).
 */
export function SecondLine({
  kind = 'label',
  userData,
  testId,
  children,
}: {
  kind?: Exclude<ColumnKind, 'text'>;
  userData?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <span className={`${columnClass(kind)} cf-secondary`} data-testid={testId} {...userDataProps(userData)}>
      {children}
    </span>
  );
}

/** A person in one cell: the name (cut if long) over the school's number (never cut or wrapped). */
export function Person({ name, no }: { name: string | null | undefined; no?: string | null }) {
  return (
    <>
      <Cut text={name} userData />
      {no ? (
        <SecondLine kind="id" userData>
          {no}
        </SecondLine>
      ) : null}
    </>
  );
}

/** A column's own props, without a width or a fixed side (the rule decides those). The row type comes
 * from the table the column is in, never from the props. */
type Column<T> = NoInfer<Omit<ColumnType<T>, 'ellipsis' | 'fixed' | 'width'>>;

/**
 * Ids: one line, tabular figures; `userData` (the default) marks the value as the school's data. `at`
 * reads an instant from the row, shown under the id as a second line (an order's or a bill's time).
 */
export function idColumn<T>({
  userData = true,
  at,
  ...column
}: Column<T> & { userData?: boolean; at?: (row: T) => string | null | undefined }): ColumnType<T> {
  return marked('id', {
    render: (value: ReactNode, row: T) => (
      <>
        <span {...userDataProps(userData)}>{value}</span>
        {at ? <SecondLine kind="date">{formatDateTime(at(row))}</SecondLine> : null}
      </>
    ),
    ...column,
  });
}

/**
 * Money from integer fen: right-aligned, one line, as yuan. `fen` reads the amount from the row (else
 * the column's dataIndex); no amount, an empty cell.
 */
export function moneyColumn<T>({
  fen,
  ...column
}: Column<T> & { fen?: (row: T) => number | null | undefined }): ColumnType<T> {
  const show = (amount: number | null | undefined) =>
    amount === null || amount === undefined ? '' : formatMoney(amount);
  return marked('money', {
    align: 'right',
    render: (value: number | null | undefined, row: T) => show(fen ? fen(row) : value),
    ...column,
  });
}

/** An instant as "2026-11-24 16:05" in the school's time zone (`day`: "2026-11-24"); one line. */
export function dateColumn<T>({ day, ...column }: Column<T> & { day?: boolean }): ColumnType<T> {
  return marked('date', {
    render: (value: string | null | undefined) => (day ? formatDate(value) : formatDateTime(value)),
    ...column,
  });
}

/** A count (rows, ratings, attempts): right-aligned, one line, tabular figures. */
export function countColumn<T>(column: Column<T>): ColumnType<T> {
  return marked('count', { align: 'right', ...column });
}

/** A short label of the app's own words (a state, a channel, a kind): one line. */
export function labelColumn<T>(column: Column<T>): ColumnType<T> {
  return marked('label', column);
}

/** People by name over number (`name`, `no` read them from the row): the name cut, the number whole. */
export function personColumn<T>({
  name,
  no,
  ...column
}: Column<T> & {
  name: (row: T) => string | null | undefined;
  no: (row: T) => string | null | undefined;
}): ColumnType<T> {
  return marked('text', {
    render: (_: unknown, row: T) => <Person name={name(row)} no={no(row)} />,
    ...column,
  });
}

/**
 * Text that may be long (an item's name, a person's name, a class, a reason, a comment): it takes the
 * room left, and is cut with an ellipsis, the whole text in its title. `text` reads it from the row
 * (else the column's dataIndex); a cell of several pieces gives its own `render` built of Cut.
 */
export function textColumn<T>({
  text,
  userData,
  testId,
  ...column
}: Column<T> & {
  text?: (row: T) => string | null | undefined;
  userData?: boolean;
  testId?: string;
}): ColumnType<T> {
  return marked('text', {
    render: (value: string | null | undefined, row: T) => (
      <Cut text={text ? text(row) : value} userData={userData} testId={testId} />
    ),
    ...column,
  });
}
