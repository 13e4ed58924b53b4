/** The line report as the clerk reads it: what happened in the console's words, then every problem by row and column. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@admin/lib/i18n/i18n';
import { ImportReportView } from './import-report';

const reply = (data: {
  stored: boolean;
  rows: number;
  replaced: number;
  errors: { row: number; column: string; message: string }[];
}) => ({
  code: 200,
  success: true,
  msg: '',
  data,
});

// antd's table is slow to render the first time in jsdom.
describe('the import report', { timeout: 30_000 }, () => {
  it('lists each problem with its row and column; a problem of the whole file says so', () => {
    setLanguage('en');
    render(
      <ImportReportView
        dryRun
        reply={reply({
          stored: false,
          rows: 2,
          replaced: 0,
          errors: [
            { row: 0, column: '', message: 'The file is empty or has no data rows' },
            { row: 3, column: '工号', message: 'No staff member E9999' },
          ],
        })}
      />,
    );
    const report = screen.getByTestId('import-report');
    expect(report.dataset.problems).toBe('2');
    expect(within(report).getByText('The file has 2 problems; nothing was stored')).toBeTruthy();
    const rows = within(report).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Whole file—The file is empty or has no data rows',
      '3工号No staff member E9999',
    ]);
    setLanguage('zh');
  });

  it('says a clean check may be stored, and a store how many rows went in and how many were replaced', () => {
    const { rerender } = render(
      <ImportReportView dryRun reply={reply({ stored: false, rows: 2, replaced: 0, errors: [] })} />,
    );
    expect(screen.getByText('已检查 2 行，没有问题，可以保存')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(
      <ImportReportView dryRun={false} reply={reply({ stored: true, rows: 2, replaced: 2, errors: [] })} />,
    );
    expect(screen.getByText('已保存 2 行（替换 2 张）')).toBeTruthy();
  });
});
