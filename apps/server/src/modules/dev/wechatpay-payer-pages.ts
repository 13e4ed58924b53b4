/**
 * The WeChat Pay simulator's payer pages (demo mode): the page an H5 trade's h5_url opens in the
 * phone's browser, and what WeChat shows after scanning a Native code_url. Each pays or fails; H5
 * then goes to the merchant's redirect_url, as WeChat's checkmweb page does.
 */
import { formatYuan } from '@cf/shared/money';
import type { MessageKey } from '@cf/shared/messages';
import type { SimOrder } from '@server/gateways/wechat-pay/simulator-orders';
import { escapeHtml } from '@server/http/link-error-page';
import { both, hostedPage } from './checkout-page';

export type SimPage = 'h5' | 'scan';
const TITLE: Record<SimPage, MessageKey> = { h5: 'pay.wechatSim.h5Title', scan: 'pay.wechatSim.scanTitle' };

/** The trade and two buttons; the form posts back to the same address with the payer's choice. */
export function simulatorPayPage(
  kind: SimPage,
  order: Readonly<SimOrder>,
  hidden: Record<string, string>,
): string {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  const button = (action: string, key: MessageKey) =>
    `<button class="${action}" type="submit" name="action" value="${action}" data-testid="wechat-sim-${action}">${both(key)}</button>`;
  return hostedPage(
    `<p class="note">${both('pay.wechatSim.note')}</p>
<div class="card"><div class="amount" data-testid="wechat-sim-amount">¥${formatYuan(order.amountFen, false)}</div>
<dl><dt>${both('pay.checkout.order')}</dt><dd>${escapeHtml(order.outTradeNo)}</dd>
<dt>${both('pay.checkout.item')}</dt><dd>${escapeHtml(order.description)}</dd></dl></div>
<form method="post" action="${kind}">${fields}
${button('pay', 'pay.wechatSim.pay')}${button('fail', 'pay.wechatSim.fail')}</form>`,
    TITLE[kind],
  );
}

/** What the payer sees when there is nowhere to go back to (the scan page; a refused redirect_url). */
export function simulatorResultPage(kind: SimPage, key: MessageKey): string {
  return hostedPage(
    `<div class="card"><p class="amount" style="font-size:20px" data-testid="wechat-sim-result">${both(key)}</p></div>`,
    TITLE[kind],
  );
}
