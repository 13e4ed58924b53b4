/**
 * The demo checkout pages (the sandbox channel's, the Alipay simulator's cashier): bilingual, with
 * pay / fail / cancel, like a hosted cashier.
 */
import { formatYuan } from '@cf/shared/money';
import { translate, type MessageKey } from '@cf/shared/messages';
import type { SandboxTrade } from '@server/gateways/sandbox-pay/book';
import { escapeHtml } from '@server/http/link-error-page';

/** Both languages, Chinese first, as one escaped text. */
export const both = (key: MessageKey) => escapeHtml(`${translate(key, 'zh')} / ${translate(key, 'en')}`);

const STYLE = `body{font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#f5f5f5;color:#191919}
main{max-width:420px;margin:0 auto;padding:24px 16px}h1{font-size:18px;text-align:center}
.card{background:#fff;border-radius:8px;padding:16px;margin:16px 0}.amount{font-size:32px;text-align:center;margin:8px 0}
.note{color:#888;font-size:13px;text-align:center}dl{margin:0}dt{color:#888;font-size:13px}dd{margin:0 0 10px}
button,a.back{display:block;box-sizing:border-box;width:100%;padding:12px;margin:10px 0;border:0;border-radius:6px;font-size:16px;text-align:center;text-decoration:none}
.pay{background:#1677ff;color:#fff}.fail{background:#fff1f0;color:#ff3141}.cancel,a.back{background:#eee;color:#333}`;

/** A stand-in's payer page (the sandbox and Alipay checkouts, the WeChat Pay simulator's H5 and scan pages). */
export function hostedPage(body: string, title: MessageKey = 'pay.checkout.title'): string {
  return `<!doctype html><html lang="zh"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${both(title)}</title>
<style>${STYLE}</style></head><body><main><h1>${both(title)}</h1>${body}</main></body></html>`;
}

/** Whose cashier the page is: its title and note. */
export interface CashierWords {
  title: MessageKey;
  note: MessageKey;
}
const SANDBOX: CashierWords = { title: 'pay.checkout.title', note: 'pay.checkout.note' };

const page = (body: string, words: CashierWords = SANDBOX) => hostedPage(body, words.title);

export function checkoutPage(
  trade: Pick<SandboxTrade, 'ticket' | 'amountFen' | 'outTradeNo' | 'description' | 'returnUrl'>,
  words: CashierWords = SANDBOX,
): string {
  const button = (action: string, key: MessageKey) =>
    `<button class="${action}" type="submit" name="action" value="${action}">${both(key)}</button>`;
  return page(
    `<p class="note">${both(words.note)}</p>
<div class="card"><div class="amount">¥${formatYuan(trade.amountFen, false)}</div>
<dl><dt>${both('pay.checkout.order')}</dt><dd>${escapeHtml(trade.outTradeNo)}</dd>
<dt>${both('pay.checkout.item')}</dt><dd>${escapeHtml(trade.description)}</dd></dl></div>
<form method="post" action="checkout"${trade.returnUrl ? ' data-leave="replace"' : ''}><input type="hidden" name="ticket" value="${escapeHtml(trade.ticket)}">
${button('pay', 'pay.checkout.pay')}${button('fail', 'pay.checkout.fail')}${button('cancel', 'pay.checkout.cancel')}
</form><script src="checkout.js" defer></script>`,
    words,
  );
}

/**
 * The checkout page's script (served as checkout.js, a file: the CSP allows scripts of our own origin
 * only). With a return address, the choice is sent in the background and the page leaves by
 * location.replace: Back from the merchant's result page never comes back to a checkout. Without
 * script, or when that request fails, the form posts as a plain form.
 */
export const CHECKOUT_SCRIPT = `(() => {
  const form = document.querySelector('form[data-leave="replace"]');
  if (!form) return;
  let action = '';
  let plain = false;
  for (const b of form.querySelectorAll('button[name="action"]')) b.addEventListener('click', () => { action = b.value; });
  form.addEventListener('submit', (e) => {
    if (plain) return;
    e.preventDefault();
    const buttons = form.querySelectorAll('button');
    for (const b of buttons) b.disabled = true;
    const body = new URLSearchParams({ ticket: form.elements.ticket.value, action });
    // form.action would be the buttons named "action": the address is read as written.
    fetch(form.getAttribute('action'), { method: 'POST', body, headers: { accept: 'application/json' } })
      .then((res) => res.json())
      .then((reply) => {
        if (!reply.next) throw new Error('no return address');
        location.replace(reply.next);
      })
      .catch(() => {
        // Sent as a plain form instead (submit() leaves out the pressed button: its value goes along).
        plain = true;
        const chosen = document.createElement('input');
        chosen.type = 'hidden';
        chosen.name = 'action';
        chosen.value = action;
        form.append(chosen);
        for (const b of buttons) b.disabled = false;
        form.submit();
      });
  });
})();
`;

/** What the payer sees after choosing, when no return address was given (or it cannot be used). */
export function checkoutResultPage(key: MessageKey, returnUrl?: string, words?: CashierWords): string {
  const back = returnUrl
    ? `<a class="back" href="${escapeHtml(returnUrl)}">${both('pay.checkout.back')}</a>`
    : '';
  return page(
    `<div class="card"><p class="amount" style="font-size:20px">${both(key)}</p></div>${back}`,
    words,
  );
}
