import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  columnClass,
  countColumn,
  Cut,
  dateColumn,
  idColumn,
  labelColumn,
  moneyColumn,
  personColumn,
  SecondLine,
  textColumn,
} from './columns';

interface Row {
  no: string;
  name: string | null;
  fen: number | null;
  at: string | null;
  summary: { owed: number };
}

const row: Row = {
  no: 'F20261124160500123456789',
  name: '2025-2026 学年 学费 住宿费',
  fen: 123450,
  at: '2026-11-24T08:05:00Z',
  summary: { owed: 500 },
};

/** What a column draws for a row, as antd would call its render. */
function cell(column: { render?: (value: never, row: Row, index: number) => unknown }, value: unknown) {
  const drawn = column.render?.(value as never, row, 0) as ReactNode;
  return render(<div>{drawn}</div>).container.firstElementChild as HTMLElement;
}

describe('the column rule', () => {
  it('marks each kind with its class, keeping a class of its own', () => {
    expect(idColumn<Row>({ dataIndex: 'no' }).className).toBe('cf-id');
    expect(moneyColumn<Row>({ dataIndex: 'fen' }).className).toBe('cf-money');
    expect(dateColumn<Row>({ dataIndex: 'at' }).className).toBe('cf-date');
    expect(countColumn<Row>({ dataIndex: 'fen' }).className).toBe('cf-count');
    expect(labelColumn<Row>({ dataIndex: 'name' }).className).toBe('cf-label');
    expect(textColumn<Row>({ dataIndex: 'name' }).className).toBe('cf-text');
    expect(idColumn<Row>({ dataIndex: 'no', className: 'mine' }).className).toBe('cf-id mine');
    expect(columnClass('money')).toBe('cf-money');
  });

  it('right-aligns money and counts', () => {
    expect(moneyColumn<Row>({ dataIndex: 'fen' }).align).toBe('right');
    expect(countColumn<Row>({ dataIndex: 'fen' }).align).toBe('right');
    expect(moneyColumn<Row>({ dataIndex: 'fen', align: 'left' }).align).toBe('left');
  });

  it('writes money from fen as yuan, from the row when asked, and nothing for no amount', () => {
    expect(cell(moneyColumn<Row>({ dataIndex: 'fen' }), 123450).textContent).toBe('¥1,234.50');
    expect(cell(moneyColumn<Row>({ key: 'owed', fen: (r) => r.summary.owed }), undefined).textContent).toBe(
      '¥5.00',
    );
    expect(cell(moneyColumn<Row>({ dataIndex: 'fen' }), null).textContent).toBe('');
    expect(cell(moneyColumn<Row>({ dataIndex: 'fen' }), 0).textContent).toBe('¥0.00');
  });

  it("writes times in the school's time zone, days when asked", () => {
    expect(cell(dateColumn<Row>({ dataIndex: 'at' }), row.at).textContent).toBe('2026-11-24 16:05');
    expect(cell(dateColumn<Row>({ dataIndex: 'at', day: true }), row.at).textContent).toBe('2026-11-24');
    expect(cell(dateColumn<Row>({ dataIndex: 'at' }), null).textContent).toBe('');
  });

  it("marks ids as the school's data unless told otherwise", () => {
    expect(cell(idColumn<Row>({ dataIndex: 'no' }), row.no).querySelector('[data-user-data]')).not.toBeNull();
    expect(
      cell(idColumn<Row>({ dataIndex: 'no', userData: false }), row.no).querySelector('[data-user-data]'),
    ).toBeNull();
  });

  it('puts the time read from the row under an id, on a line of its own', () => {
    const drawn = cell(idColumn<Row>({ dataIndex: 'no', at: (r) => r.at }), row.no);
    const time = drawn.querySelector('.cf-date.cf-secondary');
    expect(time?.textContent).toBe('2026-11-24 16:05');
    expect(drawn.textContent).toBe(`${row.no}2026-11-24 16:05`);
    expect(cell(idColumn<Row>({ dataIndex: 'no' }), row.no).querySelector('.cf-date')).toBeNull();
  });

  it('cuts text with its whole text in the title, read from the row or the value', () => {
    const fromRow = cell(textColumn<Row>({ key: 'name', text: (r) => r.name, userData: true }), undefined);
    const cut = fromRow.querySelector('.cf-cut')!;
    expect(cut.textContent).toBe(row.name);
    expect(cut.getAttribute('title')).toBe(row.name);
    expect(cut.hasAttribute('data-user-data')).toBe(true);
    // The hidden copy that tells the table how wide the text would like to be.
    expect(fromRow.querySelector('.cf-cut-box')!.getAttribute('data-text')).toBe(row.name);
    const fromValue = cell(textColumn<Row>({ dataIndex: 'name', testId: 'x' }), 'a reason');
    expect(fromValue.querySelector('[data-testid="x"]')!.textContent).toBe('a reason');
    expect(fromValue.querySelector('[data-user-data]')).toBeNull();
  });

  it('leaves an empty text without a title', () => {
    const { container } = render(<Cut text={null} />);
    expect(container.querySelector('.cf-cut')!.hasAttribute('title')).toBe(false);
  });

  it('writes a person as the name (cut) over the number (whole)', () => {
    const drawn = cell(personColumn<Row>({ key: 'p', name: (r) => r.name, no: (r) => r.no }), undefined);
    expect(drawn.querySelector('.cf-cut')!.textContent).toBe(row.name);
    expect(drawn.querySelector('.cf-id')!.textContent).toBe(row.no);
    const nameless = cell(personColumn<Row>({ key: 'p', name: () => 'x', no: () => null }), undefined);
    expect(nameless.querySelector('.cf-id')).toBeNull();
  });

  it('draws a second line in its kind, quieter', () => {
    const { container } = render(<SecondLine kind="date">2026-11-24 16:05</SecondLine>);
    expect(container.firstElementChild!.className).toBe('cf-date cf-secondary');
    const label = render(<SecondLine>WeChat Pay</SecondLine>).container.firstElementChild!;
    expect(label.className).toBe('cf-label cf-secondary');
  });
});
