/**
 * The cashier draws the server's offers (issue 27): what works here can be chosen, what does not says
 * where it would; WeChat Pay Native shows its code to scan with the amount, and the page moves to the
 * result once the status says paid.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFinanceTexts } from '@/lib/i18n/finance-texts';
import type { Cashier } from '../api/get-cashier';

vi.mock('@/lib/api-client', () => ({ requestData: vi.fn(), ApiError: class extends Error {} }));
const { requestData } = await import('@/lib/api-client');
const { CashierView } = await import('./cashier-view');

const cashier = (offers: Cashier['offers'], place: Cashier['place']): Cashier => ({
  orderNo: 'F1',
  orderType: 'FEE',
  personName: '张三',
  totalFen: 12_300,
  items: [{ name: '学费', nameEn: 'Tuition', priceFen: 12_300, quantity: 1, amountFen: 12_300 }],
  expireAt: '2099-01-01T00:00:00.000Z',
  secondsLeft: 1200,
  payStatus: 'NOT_PAY',
  payStatusColor: 'primary',
  lastPayFailed: false,
  channel: null,
  channels: [],
  offers,
  place,
  mode: null,
  signature: null,
});

const wechat = { channel: 'wechat', name: '微信支付', nameEn: 'WeChat Pay' } as const;
const sandbox = { channel: 'sandbox', name: '沙箱支付（演示）', nameEn: 'Sandbox payment (demo)' } as const;
const alipay = { channel: 'alipay', name: '支付宝', nameEn: 'Alipay' } as const;

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function show(view: Cashier) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/pay?orderNo=F1']}>
        <CashierView
          cashier={view}
          fetchedAt={Date.now()}
          pay={{ orderNo: 'F1', view: 'cashier' }}
          onExpired={() => {}}
        />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the cashier offers', () => {
  beforeAll(() => loadFinanceTexts());
  beforeEach(() => vi.mocked(requestData).mockReset());

  it('offers what works here and says where the rest would (JSAPI: in WeChat)', () => {
    show(
      cashier(
        [
          { ...wechat, mode: 'jsapi', here: false },
          { ...sandbox, mode: 'checkout', here: true },
        ],
        'phone',
      ),
    );
    const jsapi = screen.getByTestId('channel-wechat');
    expect((within(jsapi).getByRole('radio') as HTMLInputElement).disabled).toBe(true);
    expect(jsapi.textContent).toContain('请在微信中打开本页面使用微信支付');
    expect(
      (within(screen.getByTestId('channel-sandbox')).getByRole('radio') as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('Native: draws the code with the amount, and moves to the result once paid', async () => {
    vi.mocked(requestData).mockImplementation(async (config) => {
      if (config?.url === '/api/blade-finance/pay/prepay')
        return { channel: 'wechat', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc' };
      return { result: 'paid' };
    });
    show(
      cashier(
        [
          { ...wechat, mode: 'native', here: true },
          { ...sandbox, mode: 'checkout', here: true },
        ],
        'desktop',
      ),
    );
    const native = screen.getByTestId('channel-wechat-native');
    expect((within(native).getByRole('radio') as HTMLInputElement).checked).toBe(true);
    expect(native.textContent).toContain('显示二维码，用手机微信扫码支付');
    fireEvent.click(screen.getByTestId('cashier-pay'));

    await waitFor(() => expect(requestData).toHaveBeenCalled());
    expect(vi.mocked(requestData).mock.calls[0]![0]).toMatchObject({
      data: { orderNo: 'F1', channel: 'wechat', mode: 'native' },
    });
    const qr = await screen.findByTestId('native-qr');
    expect(qr.textContent).toContain('请使用微信扫一扫');
    expect(qr.getAttribute('data-code-url')).toBe('weixin://wxpay/bizpayurl?pr=abc');
    expect((await screen.findByTestId('native-qr-code')).getAttribute('src')).toMatch(
      /^data:image\/svg\+xml/,
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('view=result'));
  });

  it('inside WeChat, shows the way to the browser for Alipay and puts the pay link in the address', async () => {
    vi.mocked(requestData).mockResolvedValue({
      payAuthToken: 'tok',
      url: '/#/pay?payAuthToken=tok&orderNo=F1&tenantId=100001',
      expireAt: '2099-01-01T00:00:00.000Z',
    });
    const replace = vi.spyOn(window.history, 'replaceState');
    show(
      cashier(
        [
          { ...wechat, mode: 'jsapi', here: true },
          { ...alipay, mode: 'wap', here: false },
        ],
        'wechat',
      ),
    );
    const row = screen.getByTestId('channel-alipay');
    expect((within(row).getByRole('radio') as HTMLInputElement).disabled).toBe(true);
    expect(row.textContent).toContain('微信内无法使用支付宝');
    fireEvent.click(screen.getByTestId('alipay-open-in-browser'));
    const guide = await screen.findByTestId('browser-guide');
    expect(guide.textContent).toContain('点击右上角的 ···');
    await waitFor(() =>
      expect(screen.getByTestId('browser-guide-link').textContent).toBe(
        `${window.location.origin}/#/pay?payAuthToken=tok&orderNo=F1&tenantId=100001`,
      ),
    );
    expect(requestData).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'post',
        url: '/api/blade-finance/pay/link',
        data: { orderNo: 'F1' },
      }),
    );
    expect(replace).toHaveBeenLastCalledWith(
      window.history.state,
      '',
      '/#/pay?payAuthToken=tok&orderNo=F1&tenantId=100001',
    );
    replace.mockRestore();
  });
});
