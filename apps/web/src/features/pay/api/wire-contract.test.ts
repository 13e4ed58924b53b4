/**
 * Issue 10: the pay feature's wire types are exactly z.infer / z.input of the server's route schemas
 * (@cf/shared/wire/pay), so a changed server schema breaks this feature's typecheck.
 */
import { cashierSchema, prepayBody, prepaySchema, statusSchema } from '@cf/shared/wire/pay';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { PayResult } from '../pay-result';
import { getCashier, type Cashier } from './get-cashier';
import { getPayStatus, type PayStatusReply } from './get-pay-status';
import { prepay, type PrepayAnswer } from './prepay';

describe('pay: the wire contract', () => {
  it('reply and request types are the wire schemas’ own', () => {
    expectTypeOf<Cashier>().toEqualTypeOf<z.infer<typeof cashierSchema>>();
    expectTypeOf(getCashier).returns.resolves.toEqualTypeOf<z.infer<typeof cashierSchema>>();
    expectTypeOf<PayStatusReply>().toEqualTypeOf<z.infer<typeof statusSchema>>();
    expectTypeOf(getPayStatus).returns.resolves.toEqualTypeOf<z.infer<typeof statusSchema>>();
    expectTypeOf<PayResult>().toEqualTypeOf<z.infer<typeof statusSchema>['result']>();
    expectTypeOf<PrepayAnswer>().toEqualTypeOf<z.infer<typeof prepaySchema>>();
    expectTypeOf(prepay).returns.resolves.toEqualTypeOf<z.infer<typeof prepaySchema>>();
    expectTypeOf(prepay).parameter(0).toEqualTypeOf<z.input<typeof prepayBody>>();
  });

  it('a prepay the cashier sends passes the server’s request schema; a foreign return address does not', () => {
    const request: Parameters<typeof prepay>[0] = { orderNo: 'F1', channel: 'sandbox', returnUrl: '/#/pay' };
    expect(prepayBody.parse(request)).toEqual(request);
    expect(prepayBody.safeParse({ ...request, returnUrl: '//evil.example' }).success).toBe(false);
  });
});
