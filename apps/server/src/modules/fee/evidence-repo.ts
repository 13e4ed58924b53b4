/** Queries of other-means payments' evidence files; every one carries the tenant, and the uploader or the bill. */
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { billEvidence } from '@server/db/schema-finance';

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
