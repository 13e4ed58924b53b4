import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageSpinner } from './page-spinner';

afterEach(() => vi.restoreAllMocks());

describe('a screen still loading', () => {
  it('says the network is gone instead of spinning, and spins again once it is back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<PageSpinner />);
    expect(screen.getByTestId('load-offline').textContent).toBe('正在等待网络，恢复后将自动加载');
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByTestId('load-offline')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('加载中');
  });
});
