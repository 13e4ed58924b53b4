import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { loadFinanceTexts } from '@/lib/i18n/finance-texts';
import { LoadState } from './load-state';

function showFailure(error: unknown) {
  const refetch = vi.fn();
  render(
    <LoadState query={{ data: undefined, isPending: false, isError: true, error, refetch }}>
      {() => <p>screen</p>}
    </LoadState>,
  );
  return refetch;
}

describe('a screen that could not load', () => {
  beforeAll(() => loadFinanceTexts());

  it.each([
    [403, 'You may not see this order'],
    [404, '订单不存在'],
  ])('shows the server reason of a %i and offers no retry that cannot help', (code, msg) => {
    showFailure(new ApiError(msg, code));
    expect(screen.getByRole('alert').textContent).toContain(msg);
    expect(screen.queryByTestId('load-retry')).toBeNull();
    expect(screen.queryByText('加载失败，请稍后重试')).toBeNull();
  });

  it.each([
    [0, '网络异常，请检查网络'],
    [500, '服务器开小差了'],
    [503, 'Service unavailable'],
  ])('offers a retry after a network error or a server failure (%i)', (code, msg) => {
    const refetch = showFailure(new ApiError(msg, code));
    expect(screen.getByText('加载失败，请稍后重试')).toBeTruthy();
    expect(screen.getByText(msg)).toBeTruthy();
    fireEvent.click(screen.getByTestId('load-retry'));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
