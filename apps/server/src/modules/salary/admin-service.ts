/** The finance office's reading of its tenant's slips (the admin scope has checked the role). */
import { asSalaryGroup } from '@cf/shared/salary';
import type { Db } from '@server/db/client';
import { adminSlips, incomeBatches, loadedMonths, slipItems } from './repo';

export async function adminSlipPage(
  db: Db,
  tenantId: string,
  query: { period?: string; staff?: string; current: number; size: number },
) {
  const { rows, total } = await adminSlips(
    db,
    tenantId,
    { period: query.period || undefined, staff: query.staff || undefined },
    { offset: (query.current - 1) * query.size, limit: query.size },
  );
  const items = await slipItems(
    db,
    rows.map((r) => r.slip.id),
  );
  const records = rows.map(({ slip, staffNo, staffName }) => ({
    id: slip.id,
    period: slip.period,
    payDate: slip.payDate,
    grossFen: slip.grossFen,
    deductionFen: slip.deductionFen,
    taxFen: slip.taxFen,
    netFen: slip.netFen,
    staffNo,
    staffName,
    items: items
      .filter((i) => i.slipId === slip.id)
      .map((i) => ({
        name: i.name,
        group: asSalaryGroup(i.group),
        amountFen: i.amountFen,
      })),
  }));
  return { records, total };
}

/** The months loaded, newest first (the console's list beside the upload). */
export const salaryMonths = (db: Db, tenantId: string) => loadedMonths(db, tenantId);

/** Other income as loaded, by project, department and date (paged). */
export async function otherIncomeBatches(db: Db, tenantId: string, query: { current: number; size: number }) {
  return incomeBatches(db, tenantId, { offset: (query.current - 1) * query.size, limit: query.size });
}
