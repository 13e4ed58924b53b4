import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

let userCenterOff = '0';
const requestData = vi.fn(async () => [{ paramKey: 'account_disableUserCenter', paramValue: userCenterOff }]);
vi.mock('@/lib/api-client', () => ({ requestData }));
vi.mock('@/lib/use-session', () => ({
  useSession: () => ({ token: 't', user: { tenantId: '100001', userId: '9' } }),
}));
const { TabBar, visibleTabs } = await import('./tab-bar');

/** The shell keeps one bar from tab to tab, as app-shell.tsx does. */
function Shell() {
  const { pathname } = useLocation();
  return <TabBar active={pathname === '/home' ? 'home' : 'order'} />;
}

describe('tab bar', () => {
  it('hides Orders and Mine when account_disableUserCenter is 1', () => {
    expect(visibleTabs({ account_disableUserCenter: '1' })).toEqual(['home']);
    expect(visibleTabs({ account_disableUserCenter: '0' })).toEqual(['home', 'order', 'user']);
    expect(visibleTabs(undefined)).toEqual(['home', 'order', 'user']);
  });

  it('reads the params again on the next screen, so a console change shows without a reload', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route path="*" element={<Shell />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('tab-user')).toBeTruthy();
    expect(requestData).toHaveBeenCalledTimes(1);

    userCenterOff = '1'; // the finance office hides the user centre
    fireEvent.click(screen.getByTestId('tab-order'));
    await waitFor(() => expect(screen.queryByTestId('tab-user')).toBeNull());
    expect(requestData).toHaveBeenCalledTimes(2);
  });
});
