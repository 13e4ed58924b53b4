/** Queries of other-means payments' evidence files; every one carries the tenant, and the uploader or the bill. */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { billEvidence, bills } from '@server/db/schema-finance';
import { BILL_NOT_REVIEWED, BILL_VOID } from './bill-status';

export type EvidenceRow = typeof billEvidence.$inferSelect;

export async function insertEvidence(db: Db, values: typeof billEvidence.$inferInsert): Promise<EvidenceRow> {
  const [row] = await db.insert(billEvidence).values(values).returning();
  return row!;
}

/**
 * Removes the uploader's files not used by any bill beyond the newest `keep`, and any file of the
 * tenant left unused since `staleBefore` (a form given up); answers the removed rows' storage keys.
 * Rows go first: a file a bill takes meanwhile is no longer unused, so it stays.
 */
export async function removeUnusedEvidence(
  db: Db,
  tenantId: string,
  uploadedBy: number,
  keep: number,
  staleBefore: Date,
): Promise<string[]> {
  const newest = db
    .select({ id: billEvidence.id })
    .from(billEvidence)
    .where(
      and(
        eq(billEvidence.tenantId, tenantId),
        eq(billEvidence.uploadedBy, uploadedBy),
        isNull(billEvidence.billId),
      ),
    )
    .orderBy(desc(billEvidence.id))
    .limit(keep);
  const gone = await db
    .delete(billEvidence)
    .where(
      and(
        eq(billEvidence.tenantId, tenantId),
        isNull(billEvidence.billId),
        or(
          lt(billEvidence.createdAt, staleBefore),
          and(eq(billEvidence.uploadedBy, uploadedBy), sql`${billEvidence.id} NOT IN (${newest})`),
        ),
      ),
    )
    .returning({ storageKey: billEvidence.storageKey });
  return gone.map((row) => row.storageKey);
}

/**
 * Gives the uploader's unused files to the bill (in the bill's transaction); answers how many it took,
 * so the caller can refuse when one was not theirs, already used or gone.
 */
export async function attachEvidence(
  tx: Tx,
  tenantId: string,
  uploadedBy: number,
  billId: number,
  ids: number[],
): Promise<number> {
  const taken = await tx
    .update(billEvidence)
    .set({ billId })
    .where(
      and(
        eq(billEvidence.tenantId, tenantId),
        eq(billEvidence.uploadedBy, uploadedBy),
        isNull(billEvidence.billId),
        inArray(billEvidence.id, ids),
      ),
    )
    .returning({ id: billEvidence.id });
  return taken.length;
}

/** One file the uploader sent (used by a bill or not). */
export async function evidenceOfUploader(
  db: Db,
  tenantId: string,
  uploadedBy: number,
  id: number,
): Promise<EvidenceRow | undefined> {
  const [row] = await db
    .select()
    .from(billEvidence)
    .where(
      and(
        eq(billEvidence.tenantId, tenantId),
        eq(billEvidence.uploadedBy, uploadedBy),
        eq(billEvidence.id, id),
      ),
    );
  return row;
}

/** One file of the bill. */
export async function evidenceOfBill(
  db: Db,
  tenantId: string,
  billId: number,
  id: number,
): Promise<EvidenceRow | undefined> {
  const [row] = await db
    .select()
    .from(billEvidence)
    .where(
      and(eq(billEvidence.tenantId, tenantId), eq(billEvidence.billId, billId), eq(billEvidence.id, id)),
    );
  return row;
}

/** The files of these bills, in the order they were uploaded. */
export async function evidenceOfBills(db: Db, tenantId: string, billIds: number[]): Promise<EvidenceRow[]> {
  if (billIds.length === 0) return [];
  return db
    .select()
    .from(billEvidence)
    .where(and(eq(billEvidence.tenantId, tenantId), inArray(billEvidence.billId, billIds)))
    .orderBy(asc(billEvidence.id));
}

/** How many of the uploader's records still waiting for review have files (quota of evidence-service.ts). */
export async function pendingBillsWithEvidence(
  db: Tx,
  tenantId: string,
  uploadedBy: number,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(DISTINCT ${billEvidence.billId})` })
    .from(billEvidence)
    .innerJoin(bills, eq(bills.id, billEvidence.billId))
    .where(
      and(
        eq(billEvidence.tenantId, tenantId),
        eq(billEvidence.uploadedBy, uploadedBy),
        eq(bills.status, BILL_NOT_REVIEWED),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Bytes of the uploader's files kept that arrived since `since`. */
export async function evidenceBytesSince(
  db: Db,
  tenantId: string,
  uploadedBy: number,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${billEvidence.sizeBytes}), 0)` })
    .from(billEvidence)
    .where(
      and(
        eq(billEvidence.tenantId, tenantId),
        eq(billEvidence.uploadedBy, uploadedBy),
        gte(billEvidence.createdAt, since),
      ),
    );
  return Number(row?.bytes ?? 0);
}

/** What the tenant's evidence files weigh, and how many there are. */
export async function tenantEvidenceUse(db: Db, tenantId: string): Promise<{ bytes: number; files: number }> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${billEvidence.sizeBytes}), 0)`, files: count() })
    .from(billEvidence)
    .where(eq(billEvidence.tenantId, tenantId));
  return { bytes: Number(row?.bytes ?? 0), files: Number(row?.files ?? 0) };
}

/**
 * Removes (at most `limit`) rows of files no longer needed, of every tenant: files never given to a
 * record since `unusedBefore` (a form given up), and files of records voided before `voidedBefore`.
 * Answers what to remove from the disk; a row is deleted by one process only (DELETE ... RETURNING).
 */
export async function purgeEvidenceRows(
  db: Db,
  options: { unusedBefore: Date; voidedBefore: Date; limit: number },
): Promise<{ tenantId: string; storageKey: string }[]> {
  const doomed = db
    .select({ id: billEvidence.id })
    .from(billEvidence)
    .leftJoin(bills, eq(bills.id, billEvidence.billId))
    .where(
      or(
        and(isNull(billEvidence.billId), lt(billEvidence.createdAt, options.unusedBefore)),
        and(eq(bills.status, BILL_VOID), lt(bills.voidedAt, options.voidedBefore)),
      ),
    )
    .limit(options.limit);
  return db
    .delete(billEvidence)
    .where(inArray(billEvidence.id, doomed))
    .returning({ tenantId: billEvidence.tenantId, storageKey: billEvidence.storageKey });
}
