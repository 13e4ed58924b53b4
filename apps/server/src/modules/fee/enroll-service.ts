/** Enrolment: a newly admitted student is found by ID number and name before having a student number. */
import type { Db } from '@server/db/client';
import type { AuthContext } from '@server/http/context';
import { badRequest } from '@server/http/errors';
import { rateLimit } from '@server/http/rate-limit';
import { callerKey } from '../user/context';
import { findEnrollee, listFeeItems, paidEnrollItemIds, type EnrolleeRow } from './fee-item-repo';
import { feeItemView } from './views';

/** Look-ups per caller in the window below: a name and an ID number must not be guessable by trying. */
const LOOKUP_TRIES = 20;
const LOOKUP_WINDOW_SECONDS = 10 * 60;

/** The enrollee of this ID number and name, counted against the caller's look-ups; 400 when none. */
export async function findEnrolleeLimited(
  db: Db,
  auth: AuthContext,
  idCard: string,
  name: string,
): Promise<EnrolleeRow> {
  await rateLimit(db, `enroll:${auth.tenantId}:${callerKey(auth)}`, LOOKUP_TRIES, LOOKUP_WINDOW_SECONDS);
  const enrollee = await findEnrollee(db, auth.tenantId, idCard, name);
  if (!enrollee) throw badRequest('enroll.notFound');
  return enrollee;
}

export async function lookupEnrollee(db: Db, auth: AuthContext, idCard: string, name: string) {
  const enrollee = await findEnrolleeLimited(db, auth, idCard, name);
  const items = await listFeeItems(db, auth.tenantId, ['enroll']);
  return {
    enrolleeId: enrollee.id,
    name: enrollee.name,
    admissionNo: enrollee.admissionNo,
    major: enrollee.major,
    items: items.map((item) => feeItemView(item)),
    paidItemIds: await paidEnrollItemIds(db, auth.tenantId, enrollee.id),
  };
}
