import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const save = vi.fn();
vi.mock('../api/save-invoice-title', () => ({
  useSaveInvoiceTitle: () => ({ mutateAsync: save, isPending: false }),
}));
vi.mock('@/components/invoice/invoice-term', () => ({
  useInvoiceTerm: () => ({ Term: '财政电子票据', term: '财政电子票据' }),
}));
vi.mock('@/lib/feedback', () => ({ toastSuccess: vi.fn(), toastFail: vi.fn(), toastText: vi.fn() }));

const { TitleForm } = await import('./title-form');

const fill = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id)!, { target: { value } });

describe('invoice title form', () => {
  beforeEach(() => vi.clearAllMocks());

  it('checks the shared rules before saving: a wrong check character is refused', async () => {
    const onSaved = vi.fn();
    render(<TitleForm onSaved={onSaved} />);
    fill('title-name', '演示科技有限公司');
    fill('title-taxId', '91350100M000100Y44');
    fireEvent.click(screen.getByTestId('title-save'));
    expect(await screen.findByTestId('title-error-taxId')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    fill('title-taxId', '91350100m000100y43');
    save.mockResolvedValue({ id: 5 });
    fireEvent.click(screen.getByTestId('title-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 5 }));
    expect(save.mock.calls[0]![0]).toMatchObject({ taxpayerType: 'company', taxId: '91350100m000100y43' });
  });

  it('a special invoice asks for every company field; a person cannot have one', async () => {
    render(<TitleForm onSaved={vi.fn()} />);
    fireEvent.click(screen.getByTestId('title-choice-special'));
    fill('title-name', '演示科技有限公司');
    fill('title-taxId', '91350100M000100Y43');
    fireEvent.click(screen.getByTestId('title-save'));
    expect(await screen.findByTestId('title-error-bankAccount')).toBeTruthy();
    expect(screen.getByTestId('title-error-address')).toBeTruthy();
    fireEvent.click(screen.getByTestId('title-choice-person'));
    expect(screen.getByTestId('title-choice-special').hasAttribute('disabled')).toBe(true);
    expect(document.getElementById('title-taxId')).toBeNull();
  });
});
