/**
 * Issue 10: the enrolment lookup's wire types are exactly z.infer / z.input of the server's route
 * schemas (@cf/shared/wire/fee), so a changed server schema breaks this feature's typecheck.
 */
import { enrollLookupBody, enrollLookupSchema } from '@cf/shared/wire/fee';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { lookupEnrollee, type Enrollee, type EnrolleeQuery } from './lookup-enrollee';

describe('enroll: the wire contract', () => {
  it('reply and request types are the wire schemas’ own', () => {
    expectTypeOf<Enrollee>().toEqualTypeOf<z.infer<typeof enrollLookupSchema>>();
    expectTypeOf(lookupEnrollee).returns.resolves.toEqualTypeOf<z.infer<typeof enrollLookupSchema>>();
    expectTypeOf<EnrolleeQuery>().toEqualTypeOf<z.input<typeof enrollLookupBody>>();
    expectTypeOf(lookupEnrollee).parameter(0).toEqualTypeOf<z.input<typeof enrollLookupBody>>();
  });

  it('the lookup the page sends is trimmed and checked by the server’s request schema', () => {
    const query: EnrolleeQuery = { idCard: ' 110101200001011234 ', name: '新生' };
    expect(enrollLookupBody.parse(query)).toEqual({ idCard: '110101200001011234', name: '新生' });
    expect(enrollLookupBody.safeParse({ ...query, name: ' ' }).success).toBe(false);
  });
});
