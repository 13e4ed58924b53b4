import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routeByName } from '@/lib/routes';

// The ⋯ menu asks whether the account is bound (a guest binds, others rebind); not this test's concern.
vi.mock('@/api/get-user-info', () => ({ useUserInfo: () => ({ data: undefined }) }));
const { TopBar } = await import('./top-bar');

function Address() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

function showAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <TopBar meta={routeByName('order')} title="订单" />
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('top bar on the order lists', () => {
  it('says where the exchange button leads, in words, and goes there', () => {
    showAt('/order/index');
    const button = screen.getByTestId('exchange-orders');
    expect(button.textContent).toBe('他人订单');
    expect(button.getAttribute('aria-label')).toContain('他人订单');
    fireEvent.click(button);
    expect(screen.getByTestId('address').textContent).toBe('/order/other');
    expect(screen.getByTestId('exchange-orders').textContent).toBe('我的订单');
  });

  it('has no exchange button elsewhere', () => {
    showAt('/home');
    expect(screen.queryByTestId('exchange-orders')).toBeNull();
  });
});
