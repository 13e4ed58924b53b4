/** The cashier of an order (features/pay reads the same query): /pay?orderNo=...&orderId=... */
export function cashierPath(order: { orderNo: string; orderId?: number }): string {
  const query = new URLSearchParams({ orderNo: order.orderNo });
  if (order.orderId) query.set('orderId', String(order.orderId));
  return `/pay?${query.toString()}`;
}
