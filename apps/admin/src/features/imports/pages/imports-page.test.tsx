/**
 * The progress bar is the server's (issue 15): the page polls the job while it runs and shows the
 * phase the server names (reading, checking, storing) with its rows done, through the check and the
 * commit; a report with problems still shows the counts of the good rows. The history lists every
 * import (issue 25 item 6) and opens any again; a file over the limit is never sent.
 */
import type { ImportJob } from '@cf/shared/wire/admin-imports';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, serve, signInAs } from '@admin/test/render';
import ImportsPage from './imports-page';

const job = (over: Partial<ImportJob>): ImportJob => ({
  id: 7,
  kind: 'people',
  fileName: 'people.csv',
  status: 'checking',
  phase: 'parse',
  done: 0,
  total: 0,
  rows: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  errorCount: 0,
  errors: [],
  failure: null,
  createdAt: '2026-11-24T02:00:00.000Z',
  finishedAt: null,
  ...over,
});

/** Each poll gets the next reply; the last one stays. */
function replies(list: ImportJob[]) {
  let at = 0;
  return () => list[Math.min(at++, list.length - 1)];
}

const phaseShown = (text: string) =>
  waitFor(() => expect(screen.getByTestId('import-phase').textContent).toBe(text), { timeout: 4000 });

async function chooseAndUpload(container: HTMLElement) {
  const input = container.querySelector('input[type=file]')!;
  fireEvent.change(input, { target: { files: [new File(['x'], 'people.csv', { type: 'text/csv' })] } });
  const check = screen.getByRole('button', { name: '上传并检查' });
  await waitFor(() => expect(check.hasAttribute('disabled')).toBe(false));
  fireEvent.click(check);
}

describe('the imports page', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the server’s phase and rows through the check and the commit', async () => {
    signInAs('clerk');
    let poll = replies([
      job({ phase: 'parse', done: 2000, total: 10001 }),
      job({ phase: 'validate', done: 4500, total: 10000 }),
      job({
        status: 'checked',
        phase: 'validate',
        done: 10000,
        total: 10000,
        rows: 10000,
        created: 9000,
        updated: 900,
        unchanged: 100,
      }),
    ]);
    const { calls } = serve({
      'POST /api/blade-finance/admin/import/people': () => job({}),
      'GET /api/blade-finance/admin/import/job/7': () => poll(),
      'POST /api/blade-finance/admin/import/job/7/commit': () => {
        poll = replies([
          job({ status: 'committing', phase: 'validate', done: 6000, total: 10000 }),
          job({ status: 'committing', phase: 'commit', done: 5000, total: 9900 }),
          job({
            status: 'committed',
            phase: 'commit',
            done: 9900,
            total: 9900,
            rows: 10000,
            created: 9000,
            updated: 900,
            unchanged: 100,
          }),
        ]);
        return job({ status: 'committing', phase: 'commit' });
      },
    });
    const { container } = renderPage(<ImportsPage />);
    await chooseAndUpload(container);

    await phaseShown('读取文件 · 2,000 / 10,001 行');
    await phaseShown('逐行检查 · 4,500 / 10,000 行');
    await phaseShown('逐行检查');
    expect(screen.getByTestId('import-result').textContent).toContain(
      '检查完成：新增 9000，更新 900，不变 100',
    );
    fireEvent.click(screen.getByRole('button', { name: '确认导入' }));

    await phaseShown('逐行检查 · 6,000 / 10,000 行');
    await phaseShown('写入数据 · 5,000 / 9,900 行');
    await waitFor(() =>
      expect(screen.getByTestId('import-result').textContent).toBe('导入完成：新增 9000，更新 900，不变 100'),
    );
    expect(screen.getByTestId('import-phase').textContent).toBe('写入数据');
    // It stops asking once the job is done.
    const asked = calls.length;
    await new Promise((r) => setTimeout(r, 900));
    expect(calls.length).toBe(asked);
  });

  it('shows the counts of the good rows beside the problems', async () => {
    signInAs('clerk');
    const checked = job({
      status: 'checked',
      phase: 'validate',
      done: 3,
      total: 3,
      rows: 3,
      created: 2,
      errorCount: 1,
      errors: [{ row: 3, column: '证件号码', value: '12345', message: '身份证号应为 15 或 18 位' }],
    });
    serve({
      'POST /api/blade-finance/admin/import/people': () => job({}),
      'GET /api/blade-finance/admin/import/job/7': () => checked,
    });
    const { container } = renderPage(<ImportsPage />);
    await chooseAndUpload(container);
    await waitFor(() =>
      expect(screen.getByTestId('import-result').textContent).toContain('发现 1 处问题，未写入任何数据'),
    );
    expect(screen.getByTestId('import-result').textContent).toContain('下方数字只计没有问题的行。');
    expect(screen.getByTestId('import-created').textContent).toContain('2');
    expect(screen.getByRole('button', { name: '确认导入' }).hasAttribute('disabled')).toBe(true);
  });

  it('lists the imports done before, with who, counts and state, and opens one again', async () => {
    signInAs('clerk');
    const done = {
      ...job({ id: 9, status: 'committed', rows: 40, created: 38, updated: 2 }),
      uploadedBy: '财务处',
    };
    const bad = {
      ...job({ id: 8, kind: 'salary', fileName: 'slips-09.xlsx', status: 'checked', rows: 5, errorCount: 2 }),
      uploadedBy: 'finance1',
    };
    const { calls } = serve({
      'GET /api/blade-finance/admin/import/job/list': () => ({
        records: [done, bad],
        total: 2,
        size: 10,
        current: 1,
        pages: 1,
      }),
      'GET /api/blade-finance/admin/import/job/8': () => ({ ...bad, errors: [] }),
    });
    renderPage(<ImportsPage />);
    const history = await screen.findByTestId('import-history');
    await waitFor(() => expect(history.textContent).toContain('slips-09.xlsx'));
    expect(history.textContent).toContain('财务处');
    expect(history.textContent).toContain('40 / 38 / 2 / 0');
    const states = screen.getAllByTestId('import-history-state').map((s) => s.textContent);
    expect(states).toEqual(['已导入', '有问题，未导入']);
    fireEvent.click(screen.getAllByTestId('import-history-open')[1]!);
    await waitFor(() =>
      expect(screen.getByTestId('import-result').textContent).toContain('发现 2 处问题，未写入任何数据'),
    );
    expect(calls).toContain('GET /api/blade-finance/admin/import/job/8');
  });

  it('refuses a file over 20 MB before sending a byte, saying its size and the limit', async () => {
    signInAs('clerk');
    const { calls } = serve({});
    const { container } = renderPage(<ImportsPage />);
    const big = new File(['x'], 'everyone.xlsx');
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 + 300_000 });
    fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [big] } });
    await waitFor(() =>
      expect(screen.getByTestId('import-too-large').textContent).toBe(
        '文件 21.3 MB，超过 20 MB 的上限，未上传：请拆分后再导入',
      ),
    );
    const check = screen.getByRole('button', { name: '上传并检查' });
    expect(check.hasAttribute('disabled')).toBe(true);
    fireEvent.click(check);
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });
});
