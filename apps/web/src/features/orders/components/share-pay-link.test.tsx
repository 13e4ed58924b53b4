import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadFinanceTexts } from '@/lib/i18n/finance-texts';
import { PayLinkCard } from './share-pay-link';

const URL_ = 'https://pay.example.test/#/pay?orderNo=F1&payAuthToken=abc&tenantId=100001';

describe('sharing a pay link', () => {
  beforeAll(() => loadFinanceTexts());

  it('shows the link as a QR code, says until when it can be paid, and confirms a copy briefly', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<PayLinkCard url={URL_} expireAt="2026-11-22T03:00:00.000Z" />);

    const qr = await screen.findByTestId('pay-link-qr');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(qr.getAttribute('src')!)).toContain('<svg');
    expect(screen.getByAltText('代付二维码')).toBeTruthy();
    expect(screen.getByTestId('pay-link-dialog').textContent).toContain(
      '订单一经支付、取消或过期，链接随即失效',
    );
    expect(screen.getByTestId('pay-link-url').textContent).toBe(URL_);

    vi.useFakeTimers();
    try {
      await act(async () => fireEvent.click(screen.getByTestId('pay-link-copy')));
      expect(writeText).toHaveBeenCalledWith(URL_);
      expect(screen.getByTestId('pay-link-copied').textContent).toBe('链接已复制');
      await act(() => vi.advanceTimersByTimeAsync(2100));
      expect(screen.getByTestId('pay-link-copied').textContent).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});
