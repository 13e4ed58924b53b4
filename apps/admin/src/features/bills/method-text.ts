/**
 * How a payer says they paid: the phone's other-means form sends one of its codes
 * (apps/web/src/components/finance/finance-text.ts, OFFLINE_PAY_METHODS), shown here in the clerk's
 * language; anything else (a method typed through the API) is shown as it was written.
 */
import type { TextKey } from '@admin/lib/i18n/i18n';

const METHOD_NAMES: Readonly<Record<string, TextKey>> = {
  bank_transfer: 'bills.methodName.bank_transfer',
  cash: 'bills.methodName.cash',
  pos: 'bills.methodName.pos',
  other: 'bills.methodName.other',
};

export function methodText(method: string, t: (key: TextKey) => string): string {
  const key = Object.hasOwn(METHOD_NAMES, method) ? METHOD_NAMES[method] : undefined;
  return key ? t(key) : method;
}
