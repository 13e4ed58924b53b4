import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

let userType = 'student';
/** What the binding says the user is (bind-info); the session's word may be stale. */
let boundAs = 'student';
let modules = ['fee', 'feeOther', 'recharge', 'order', 'notice', 'salary'];
const requestData = vi.fn();
vi.mock('@/lib/use-session', () => ({
  useSession: () => ({ token: 't', user: { tenantId: '100001', userId: '9', userType, nickName: '张三' } }),
}));
vi.mock('@/api/get-mobile-modules', () => ({
  useMobileModules: () => ({ data: modules, isLoading: false }),
}));
// The home page asks who the account is bound as (bind-info); the fee calls are the test's.
vi.mock('@/lib/api-client', () => ({
  requestData: (args: { url: string }) =>
    args.url.endsWith('/blade-user/bind-info')
      ? Promise.resolve({ bound: true, userType: boundAs })
      : requestData(args),
}));
const { default: HomePage } = await import('./home-page');

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('home', () => {
  beforeEach(() => {
    userType = 'student';
    boundAs = 'student';
    modules = ['fee', 'feeOther', 'recharge', 'order', 'notice', 'salary', 'enroll'];
    requestData.mockReset();
  });

  it('shows a student what they can pay now (the fee list’s headline), with a pay button', async () => {
    requestData.mockResolvedValue({
      summary: { pending: 9_999_900 },
      payNow: { payNowFen: 1_234_500, inOrdersFen: 0, inReviewFen: 0, deferredOwedFen: 150_000 },
    });
    show();
    expect((await screen.findByTestId('owed-now-amount')).textContent).toBe('¥12,345.00');
    expect(screen.getByTestId('owed-now').textContent).toContain('当前可缴');
    expect(screen.queryByTestId('owed-now-in-orders')).toBeNull();
    expect(screen.getByRole('link', { name: '去缴费' }).getAttribute('href')).toBe('/fee/index');
    expect(requestData).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/api/blade-finance/fee/student' }),
    );
  });

  it('holds the card’s place while the figure loads, so the entries below do not move under a tap', async () => {
    let answer: (v: unknown) => void = () => {};
    requestData.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    show();
    const entry = await screen.findByTestId('home-entry-studentPayment');
    const placeholder = screen.getByTestId('owed-now-loading');
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
    // The placeholder comes before the entries, where the card will be, and says no "loading" words.
    expect(placeholder.compareDocumentPosition(entry) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(placeholder.textContent?.trim()).toBe('当前可缴');
    answer({
      summary: { pending: 100 },
      payNow: { payNowFen: 100, inOrdersFen: 0, inReviewFen: 0, deferredOwedFen: 0 },
    });
    expect((await screen.findByTestId('owed-now-amount')).textContent).toBe('¥1.00');
    expect(screen.queryByTestId('owed-now-loading')).toBeNull();
    // The same entry element stays mounted: a tap that began on it is not lost to a remount.
    expect(screen.getByTestId('home-entry-studentPayment')).toBe(entry);
  });

  it('says so when nothing can be paid now, without a pay button, and names what waits in orders', async () => {
    requestData.mockResolvedValue({
      summary: { pending: 120_000 },
      payNow: { payNowFen: 0, inOrdersFen: 120_000, inReviewFen: 0, deferredOwedFen: 0 },
    });
    show();
    expect((await screen.findByTestId('owed-now')).textContent).toContain('暂无可缴费用');
    expect(screen.queryByTestId('owed-now-pay')).toBeNull();
    expect(screen.getByTestId('owed-now-in-orders').textContent).toBe('另有 ¥1,200.00 在未完成的订单中');
  });

  it('gives staff no student payment, no enrolment and no student-fee history, by the binding', async () => {
    // The session still says student (an old token); the binding says staff: the binding wins.
    boundAs = 'employee';
    show();
    expect(await screen.findByTestId('home-entry-combinedPayment')).toBeTruthy();
    expect(screen.queryByTestId('home-entry-studentPayment')).toBeNull();
    expect(screen.queryByTestId('home-entry-enroll')).toBeNull();
    expect(screen.queryByTestId('owed-now')).toBeNull();
    expect(screen.getByTestId('home-entry-history').getAttribute('href')).toBe('/fee/other/history');
    expect(screen.getByTestId('home-entry-salary')).toBeTruthy();
    expect(requestData).not.toHaveBeenCalledWith(
      expect.objectContaining({ url: '/api/blade-finance/fee/student' }),
    );
  });

  it('shows no owed card to staff, and asks for no student fees', async () => {
    userType = 'employee';
    boundAs = 'employee';
    show();
    await screen.findByTestId('home-greeting');
    await screen.findByText('缴费大厅');
    expect(screen.queryByTestId('owed-now')).toBeNull();
    expect(requestData).not.toHaveBeenCalledWith(
      expect.objectContaining({ url: '/api/blade-finance/fee/student' }),
    );
  });

  it('follows the tenant’s modules: top-up when enabled, nothing leading to "coming soon", no salary for students', async () => {
    requestData.mockResolvedValue({ payNow: { payNowFen: 0, inOrdersFen: 0 } });
    show();
    expect((await screen.findByTestId('home-entry-topUp')).getAttribute('href')).toBe(
      '/fee/other?category=recharge',
    );
    expect(screen.queryByTestId('home-entry-salary')).toBeNull();
    expect(screen.queryByText('薪酬查询')).toBeNull();
  });

  it('shows the newest three notices and the unread count on the way to all of them', async () => {
    userType = 'employee';
    boundAs = 'employee';
    requestData.mockImplementation(({ url }: { url: string }) =>
      Promise.resolve(
        url.endsWith('/notice/unread-count')
          ? { count: 4 }
          : {
              records: [1, 2, 3].map((id) => ({
                id,
                title: `通知${id}`,
                releaseTime: '2026-01-0' + id + 'T02:00:00Z',
                unread: id === 1,
              })),
            },
      ),
    );
    show();
    const box = await screen.findByTestId('latest-notices');
    expect(screen.getAllByTestId('latest-notice').map((a) => a.getAttribute('href'))).toEqual([
      '/home/notice/1',
      '/home/notice/2',
      '/home/notice/3',
    ]);
    expect(box.textContent).toContain('通知1');
    expect((await screen.findByTestId('notices-unread-badge')).textContent).toBe('4');
    expect(screen.getByTestId('notices-all').getAttribute('href')).toBe('/home/noticelist');
    expect(requestData).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/api/blade-desk/notice/list', params: { current: 1, size: 3 } }),
    );
  });

  it('shows no notice block when the tenant has no notice module', async () => {
    userType = 'employee';
    boundAs = 'employee';
    modules = ['fee', 'order'];
    show();
    await screen.findByTestId('home-greeting');
    expect(screen.queryByTestId('latest-notices')).toBeNull();
    expect(requestData).not.toHaveBeenCalledWith(
      expect.objectContaining({ url: '/api/blade-desk/notice/list' }),
    );
  });
});
