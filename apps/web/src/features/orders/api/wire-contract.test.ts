/**
 * Issue 10: the orders feature's wire types are exactly z.infer / z.input of the server's route schemas
 * (@cf/shared/wire/order, the objects the routes validate with), so a changed server schema breaks
 * this feature's typecheck (`npm run typecheck` checks these expectTypeOf lines).
 */
import { cancelResultSchema, orderDetailSchema, orderRecordSchema } from '@cf/shared/wire/order';
import { linkBody, linkSchema } from '@cf/shared/wire/pay';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { Page } from '@/lib/paging';
import { cancelOrder, type CancelResult } from './cancel-order';
import { createPayLink, type PayLink } from '@/api/create-pay-link';
import { getOrderDetail, type OrderDetail } from './get-order-detail';
import { getOrders, type OrderRecord } from './get-orders';

describe('orders: the wire contract', () => {
  it('reply and request types are the wire schemas’ own', () => {
    expectTypeOf<OrderDetail>().toEqualTypeOf<z.infer<typeof orderDetailSchema>>();
    expectTypeOf(getOrderDetail).returns.resolves.toEqualTypeOf<z.infer<typeof orderDetailSchema>>();
    expectTypeOf<OrderRecord>().toEqualTypeOf<z.infer<typeof orderRecordSchema>>();
    expectTypeOf(getOrders).returns.resolves.toEqualTypeOf<Page<z.infer<typeof orderRecordSchema>>>();
    expectTypeOf<CancelResult>().toEqualTypeOf<z.infer<typeof cancelResultSchema>>();
    expectTypeOf(cancelOrder).returns.resolves.toEqualTypeOf<z.infer<typeof cancelResultSchema>>();
    expectTypeOf<PayLink>().toEqualTypeOf<z.infer<typeof linkSchema>>();
    expectTypeOf(createPayLink).returns.resolves.toEqualTypeOf<z.infer<typeof linkSchema>>();
    expectTypeOf(createPayLink).parameter(0).toEqualTypeOf<z.input<typeof linkBody>['orderNo']>();
  });

  it('an order detail the pages are written against passes the server’s reply schema', () => {
    const detail: OrderDetail = {
      id: 1,
      orderNo: 'F1',
      orderType: 'FEE',
      createdAt: '2026-01-01T00:00:00.000Z',
      totalFen: 100,
      refundedFen: 0,
      userName: 'u',
      personName: 'p',
      payerName: '',
      paymentNo: null,
      paidAt: null,
      payMethod: null,
      channel: null,
      invoiceStatus: 'none',
      signatureStatus: 'none',
      payStatus: 'NOT_PAY',
      lastPayFailed: false,
      payStatusColor: 'primary',
      expireAt: '2026-01-01T00:30:00.000Z',
      closedAt: null,
      closeReason: null,
      items: [],
      bills: [],
    };
    expect(orderDetailSchema.parse(detail)).toEqual(detail);
    expect(orderDetailSchema.safeParse({ ...detail, payStatus: 'LOST' }).success).toBe(false);
  });
});
