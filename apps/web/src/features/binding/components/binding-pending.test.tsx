import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const getBindInfo = vi.fn();
vi.mock('@/lib/api-client', () => ({ requestData: getBindInfo }));
const openPopup = vi.fn();
vi.mock('@/lib/popups', () => ({ openPopup }));

const { default: BindingPending } = await import('./binding-pending');

function renderPending(status: 'pending' | 'refused') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <BindingPending userId="7" status={status} />
    </QueryClientProvider>,
  );
  return invalidate;
}

describe('the screen of a binding the finance office has not approved', () => {
  beforeEach(() => vi.clearAllMocks());

  it('says it waits for the finance office, looks again on request and offers binding anew', async () => {
    getBindInfo.mockResolvedValue({ bound: false, bindingStatus: 'pending', refuseReason: null });
    const invalidate = renderPending('pending');
    expect(screen.getByRole('heading', { name: '等待财务处审核' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '刷新审核状态' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['user-info', '7'] });
    fireEvent.click(screen.getByRole('button', { name: '重新绑定' }));
    expect(openPopup).toHaveBeenCalledWith('rebinding');
  });

  it("shows the finance office's reason for refusing", async () => {
    getBindInfo.mockResolvedValue({ bound: false, bindingStatus: 'refused', refuseReason: '不是本人' });
    renderPending('refused');
    expect(screen.getByRole('heading', { name: '绑定未通过审核' })).toBeTruthy();
    expect(await screen.findByText(/财务处未通过您的绑定申请：不是本人/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '刷新审核状态' })).toBeNull();
  });
});
