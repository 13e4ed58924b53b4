/**
 * Other-means payment: a person records money paid outside the app, with the evidence files uploaded
 * just before (evidence-service.ts). It becomes a charge bill in status 1 (not reviewed) that counts as
 * received only once the finance office reviews it.
 */
import { receivableName } from '@cf/shared/fees';
import { isPayAmount, payAmountProblem } from '@cf/shared/pay-amount';
import { calendarDateIn, isCalendarDate, SCHOOL_TIME_ZONE } from '@cf/shared/validation';
import type { FastifyRequest } from 'fastify';
import type { Db } from '@server/db/client';
import type { AuthContext } from '@server/http/context';
import { audit } from '@server/http/audit';
import { badRequest } from '@server/http/errors';
import { BILL_NOT_REVIEWED, newBillNo } from './bill-status';
import { insertOfflineBill } from './bill-repo';
import { requireCallerPerson } from './person';
import { evidenceIdsOf, giveEvidenceToBill } from './evidence-service';
import { commitments, lockReceivables } from './receivable-repo';
import type { OfflineBody } from '@cf/shared/wire/fee';
import { billView, receivableView } from './views';

/** Pay dates before this are typing mistakes, not payments the office still has to review. */
const EARLIEST_PAY_DATE = '2000-01-01';

/**
 * A real calendar date (YYYY-MM-DD) from 2000 on and not later than today in the school's time zone
 * (Asia/Shanghai); answered as the start of that day there. Null otherwise.
 */
export function parsePayDate(text: string, now = Date.now()): Date | null {
  if (!isCalendarDate(text)) return null;
  if (text < EARLIEST_PAY_DATE || text > calendarDateIn(new Date(now), SCHOOL_TIME_ZONE)) return null;
  // China has one offset all year (no daylight saving).
  return new Date(`${text}T00:00:00+08:00`);
}

export async function recordOfflinePayment(
  db: Db,
  auth: AuthContext,
  body: OfflineBody,
  req: FastifyRequest | null,
) {
  const payMethod = body.payMethod?.trim();
  if (!payMethod) throw badRequest('fee.payMethodRequired');
  if (!body.payDate?.trim()) throw badRequest('fee.payDateRequired');
  const payDate = parsePayDate(body.payDate.trim());
  if (!payDate) throw badRequest('fee.payDateInvalid');
  if (!isPayAmount(body.amountFen)) throw badRequest('fee.amountInvalid');
  const evidenceIds = evidenceIdsOf(body.evidenceIds);
  const person = await requireCallerPerson(db, auth.tenantId, auth.userId);

  const bill = await db.transaction(async (tx) => {
    // The lock orders this record after any order or record being created for the same receivable.
    const [row] = await lockReceivables(tx, auth.tenantId, person, [body.receivableId]);
    if (!row) throw badRequest('fee.receivableNotFound');
    const committed = await commitments(tx, auth.tenantId, [row.id]);
    const { availableFen } = receivableView(row, committed.get(row.id)!);
    const problem = payAmountProblem(body.amountFen, availableFen);
    if (problem) throw badRequest(problem);
    // The receivable's one name, as an online payment of it writes it (order/create-service.ts).
    const itemName = receivableName(row);
    const bill = await insertOfflineBill(tx, {
      tenantId: auth.tenantId,
      billNo: newBillNo('O'),
      kind: 'CHARGE',
      receivableId: row.id,
      personType: person.type,
      personId: person.id,
      project: itemName.name,
      projectEn: itemName.nameEn,
      priceFen: body.amountFen,
      quantity: 1,
      amountFen: body.amountFen,
      method: payMethod,
      billDate: payDate,
      status: BILL_NOT_REVIEWED,
      source: 'offline',
      createdBy: auth.userId,
      note: body.note ?? '',
    });
    await giveEvidenceToBill(tx, auth, bill.id, evidenceIds);
    return bill;
  });
  await audit(db, req, {
    tenantId: auth.tenantId,
    userId: auth.userId,
    action: 'fee.offline',
    detail: {
      billId: bill.id,
      receivableId: bill.receivableId,
      amountFen: bill.amountFen,
      method: bill.method,
      evidenceIds,
    },
  });
  return billView(bill);
}
