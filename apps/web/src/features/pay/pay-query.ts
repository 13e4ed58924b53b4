/**
 * What the payment page reads from its address: /pay?orderNo=...[&orderId=...][&view=result]
 * [&payAuthToken=...]. A pay link may carry the token in the real query or the hash query.
 */
export interface PayQuery {
  orderNo: string;
  orderId?: number;
  payAuthToken?: string;
  view: 'cashier' | 'result';
}

export function readPayQuery(query: Readonly<Record<string, string>>): PayQuery {
  const orderId = Number(query.orderId);
  return {
    orderNo: query.orderNo?.trim() ?? '',
    orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : undefined,
    payAuthToken: query.payAuthToken || undefined,
    view: query.view === 'result' ? 'result' : 'cashier',
  };
}

/** The in-app path of the payment page for this order, in the given view. */
export function payPagePath(pay: PayQuery, view: PayQuery['view']): string {
  const query = new URLSearchParams({ orderNo: pay.orderNo });
  if (pay.orderId) query.set('orderId', String(pay.orderId));
  if (view === 'result') query.set('view', 'result');
  if (pay.payAuthToken) query.set('payAuthToken', pay.payAuthToken);
  return `/pay?${query.toString()}`;
}

/** Where the sandbox checkout sends the payer back: this app's result view (a path of this site). */
export const returnUrlOf = (pay: PayQuery, pathname: string = window.location.pathname): string =>
  `${pathname}#${payPagePath(pay, 'result')}`;
