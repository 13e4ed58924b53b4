/**
 * What each kind of message says: the SMS text (short, zh; the sign name is the SMS account's) and the
 * WeChat template data. The template a tenant picks for a kind in the console must have these
 * keywords (the public template library's names): thing (≤ 20 characters), amount, character_string, time.
 */
import { notifyLink, type NotifyKind } from '@cf/shared/notify';
import { translate } from '@cf/shared/messages';

/** WeChat refuses (47003) a `thing` value longer than 20 characters. */
const thing = (text: string | undefined) => {
  const t = (text ?? '').trim() || '-';
  return t.length > 20 ? `${t.slice(0, 19)}…` : t;
};
const v = (value: string | undefined) => ({ value: value && value.trim() ? value : '-' });

export function templateData(
  kind: NotifyKind,
  data: Record<string, string>,
): Record<string, { value: string }> {
  const title = { thing1: { value: translate(`notify.template.${kind}`, 'zh') } };
  switch (kind) {
    case 'receipt':
      return {
        thing1: { value: thing(data.item) },
        amount2: v(data.amount),
        character_string3: v(data.orderNo),
        time4: v(data.time),
      };
    case 'refund':
      return { amount1: v(data.amount), character_string2: v(data.orderNo), time3: v(data.time) };
    case 'invoice':
      return { ...title, character_string2: v(data.billNo) };
    case 'bindingApproved':
      return title;
    case 'bindingRefused':
      return { ...title, thing2: { value: thing(data.reason) } };
    case 'billApproved':
    case 'billVoided':
      return { ...title, thing2: { value: thing(data.item) }, amount3: v(data.amount) };
    case 'salary':
      return { ...title, time2: v(data.month) };
    case 'phoneChanged':
    case 'bankCardChanged':
      return { ...title, character_string2: v(data.to), time3: v(data.time) };
    case 'reminder':
      return {
        thing1: { value: thing(data.item) },
        amount2: v(data.amount),
        time3: v(data.due),
        thing4: { value: thing(data.name) },
      };
  }
}

/** The app's address of the screen a message opens. */
export function appLink(
  publicUrl: string | undefined,
  tenantId: string,
  kind: NotifyKind,
  data: Record<string, string>,
) {
  return `${publicUrl ?? ''}/?tenantId=${encodeURIComponent(tenantId)}${notifyLink(kind, data)}`;
}

export function smsText(kind: NotifyKind, data: Record<string, string>, link: string): string {
  // A reminder of receivables without a due date asks to pay soon instead of naming a day.
  const key = kind === 'reminder' && !data.due ? 'notify.sms.reminderNoDue' : (`notify.sms.${kind}` as const);
  return translate(key, 'zh', {
    item: '',
    amount: '',
    orderNo: '',
    time: '',
    reason: '',
    month: '',
    to: '',
    name: '',
    due: '',
    ...data,
    link,
  });
}
