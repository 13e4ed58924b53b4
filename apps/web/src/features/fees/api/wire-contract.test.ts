/**
 * Issue 10: the fees feature's wire types are exactly z.infer / z.input of the server's route schemas
 * (@cf/shared/wire/fee and wire/order), so a changed server schema breaks this feature's typecheck.
 */
import {
  billSchema,
  enrollLookupBody,
  evidenceSchema,
  feeItemSchema,
  offlineBody,
  otherFeesSchema,
  receivableDetailSchema,
  receivableSchema,
  studentFeesSchema,
} from '@cf/shared/wire/fee';
import { createdOrderSchema, createEnrollBody, createFeeBody, createOtherBody } from '@cf/shared/wire/order';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { BillView } from '@/components/finance/bill-card';
import type { Page } from '@/lib/paging';
import { createEnrollOrder } from './create-enroll-order';
import { createFeeOrder } from './create-fee-order';
import { createOtherOrder } from './create-other-order';
import type { CreatedOrder, FeeItem, Receivable } from './fee-types';
import { getFeeHistory } from './get-fee-history';
import { getFeeItem } from './get-fee-item';
import { getOtherFees } from './get-other-fees';
import { getReceivable } from './get-receivable';
import { getStudentFees } from './get-student-fees';
import { recordOfflinePayment } from './record-offline-payment';
import { uploadOfflineEvidence } from './upload-offline-evidence';

describe('fees: the wire contract', () => {
  it('reply types are the wire schemas’ own', () => {
    expectTypeOf<Receivable>().toEqualTypeOf<z.infer<typeof receivableSchema>>();
    expectTypeOf<FeeItem>().toEqualTypeOf<z.infer<typeof feeItemSchema>>();
    expectTypeOf<BillView>().toEqualTypeOf<z.infer<typeof billSchema>>();
    expectTypeOf<CreatedOrder>().toEqualTypeOf<z.infer<typeof createdOrderSchema>>();
    expectTypeOf(getStudentFees).returns.resolves.toEqualTypeOf<z.infer<typeof studentFeesSchema>>();
    expectTypeOf(getOtherFees).returns.resolves.toEqualTypeOf<z.infer<typeof otherFeesSchema>>();
    expectTypeOf(getFeeItem).returns.resolves.toEqualTypeOf<z.infer<typeof feeItemSchema>>();
    expectTypeOf(getReceivable).returns.resolves.toEqualTypeOf<z.infer<typeof receivableDetailSchema>>();
    expectTypeOf(getFeeHistory).returns.resolves.toEqualTypeOf<Page<z.infer<typeof billSchema>>>();
    expectTypeOf(recordOfflinePayment).returns.resolves.toEqualTypeOf<z.infer<typeof billSchema>>();
  });

  it('request types are what the wire schemas accept', () => {
    expectTypeOf(createFeeOrder).parameter(0).toEqualTypeOf<z.input<typeof createFeeBody>['items']>();
    expectTypeOf(createOtherOrder).parameter(0).toEqualTypeOf<z.input<typeof createOtherBody>>();
    expectTypeOf(createEnrollOrder).parameter(0).toEqualTypeOf<z.input<typeof createEnrollBody>>();
    expectTypeOf(recordOfflinePayment).parameter(0).toEqualTypeOf<z.input<typeof offlineBody>>();
    expectTypeOf(uploadOfflineEvidence).returns.resolves.toEqualTypeOf<z.infer<typeof evidenceSchema>>();
    expectTypeOf<z.input<typeof enrollLookupBody>>().toEqualTypeOf<{ idCard: string; name: string }>();
  });

  it('an offline payment as the form builds it passes the server’s request schema', () => {
    const payment: Parameters<typeof recordOfflinePayment>[0] = {
      receivableId: 7,
      amountFen: 1000,
      payMethod: 'cash',
      payDate: '2026-01-02',
    };
    expect(offlineBody.parse(payment)).toEqual(payment);
    expect(offlineBody.parse({ ...payment, evidenceIds: [3, 4] })).toMatchObject({ evidenceIds: [3, 4] });
    expect(offlineBody.safeParse({ ...payment, payDate: '2026-02-30' }).success).toBe(false);
  });
});
