/**
 * Evidence of other-means payments: the payer uploads each file first (an image or a PDF, checked by
 * its first bytes, its size and, when the payment is recorded, how many), then records the payment
 * naming the files (offline-service.ts), which gives them to the bill. A file is read by its uploader
 * (the bill's payer) and, once a bill has it, by the finance office of the tenant
 * (../admin/bills-routes.ts); to anyone else it does not exist. Files live under
 * bill-evidence/<tenant> of the file store (gateways/file-store: the folder under DATA_DIR or a bucket).
 */
import { cleanFileName } from '@cf/shared/file-name';
import path from 'node:path';
import {
  EVIDENCE_EXTENSION,
  EVIDENCE_HEAD_BYTES,
  EVIDENCE_LIMITS,
  evidenceTypeOf,
  megabytes,
  type EvidenceType,
} from '@cf/shared/bill-evidence';
import type { Evidence } from '@cf/shared/wire/fee';
import type { Db, Tx } from '@server/db/client';
import type { FileStore } from '@server/gateways/file-store';
import type { AuthContext } from '@server/http/context';
import { AppError, badRequest, notFound } from '@server/http/errors';
import type { StoredFileReply } from '@server/http/file-reply';
import type { UploadedFile } from '@server/http/upload';
import {
  attachEvidence,
  evidenceBytesSince,
  evidenceOfBill,
  evidenceOfBills,
  evidenceOfUploader,
  insertEvidence,
  pendingBillsWithEvidence,
  purgeEvidenceRows,
  removeUnusedEvidence,
  tenantEvidenceUse,
  type EvidenceRow,
} from './evidence-repo';
import { requireCallerPerson } from './person';

/** Unused files one payer may have waiting (two forms' worth); older ones make room. */
const UNUSED_KEPT = 2 * EVIDENCE_LIMITS.maxFiles;
/** An unused file older than this belongs to a form given up (jobs/purge-evidence.ts removes it too). */
export const UNUSED_FOR_MS = 24 * 3600_000;

/** The folder of a tenant's evidence in the file store (tenant ids are short codes; anything else is a bug). */
export function tenantFolder(tenantId: string): string {
  if (!/^[0-9A-Za-z_-]{1,32}$/.test(tenantId)) throw new Error('tenant id unfit for a folder name');
  return path.join('bill-evidence', tenantId);
}

/** The name a stored evidence file is saved under: made by the server from its id and checked type. */
const evidenceDownloadName = (row: EvidenceRow) =>
  `evidence-${row.id}.${EVIDENCE_EXTENSION[row.mimeType as EvidenceType] ?? 'bin'}`;

export const evidenceView = (row: EvidenceRow): Evidence => ({
  id: row.id,
  name: cleanFileName(row.name),
  downloadName: evidenceDownloadName(row),
  mimeType: row.mimeType as EvidenceType,
  sizeBytes: row.sizeBytes,
});

const DAY_MS = 24 * 3600_000;

/**
 * The quotas that keep one payer (or one school) from filling the disk: records with files waiting for
 * review, bytes a payer sent in the last 24 hours, and what the tenant holds in all. Checked before a
 * file is stored; `incoming` bytes are about to be added.
 */
async function checkEvidenceQuotas(
  db: Db,
  auth: AuthContext,
  incoming: number,
  quota: { tenantMaxBytes: number },
): Promise<void> {
  const max = EVIDENCE_LIMITS.maxPendingWithFiles;
  if ((await pendingBillsWithEvidence(db, auth.tenantId, auth.userId)) >= max)
    throw new AppError(429, 'fee.evidencePendingLimit', { max });
  const since = new Date(Date.now() - DAY_MS);
  if (
    (await evidenceBytesSince(db, auth.tenantId, auth.userId, since)) + incoming >
    EVIDENCE_LIMITS.maxBytesPerDay
  )
    throw new AppError(429, 'fee.evidenceDailyLimit', { max: megabytes(EVIDENCE_LIMITS.maxBytesPerDay) });
  if ((await tenantEvidenceUse(db, auth.tenantId)).bytes + incoming > quota.tenantMaxBytes)
    throw new AppError(409, 'fee.evidenceTenantFull');
}

/** Stores one file the caller sends as evidence of a payment still to be recorded. */
export async function uploadEvidence(
  db: Db,
  files: FileStore,
  auth: AuthContext,
  file: UploadedFile | undefined,
  quota: { tenantMaxBytes: number },
): Promise<Evidence> {
  await requireCallerPerson(db, auth.tenantId, auth.userId);
  if (file && (file.truncated || file.bytes.length > EVIDENCE_LIMITS.maxBytes))
    throw new AppError(413, 'fee.evidenceTooLarge', { max: megabytes(EVIDENCE_LIMITS.maxBytes) });
  if (!file || file.bytes.length === 0) throw badRequest('fee.evidenceMissing');
  const mimeType = evidenceTypeOf(file.bytes.subarray(0, EVIDENCE_HEAD_BYTES));
  if (!mimeType) throw new AppError(415, 'fee.evidenceType');

  const folder = tenantFolder(auth.tenantId);
  const stale = await removeUnusedEvidence(
    db,
    auth.tenantId,
    auth.userId,
    UNUSED_KEPT - 1,
    new Date(Date.now() - UNUSED_FOR_MS),
  );
  await Promise.all(stale.map((key) => files.remove(folder, key)));
  await checkEvidenceQuotas(db, auth, file.bytes.length, quota);

  const storageKey = await files.save(folder, file.bytes);
  const row = await insertEvidence(db, {
    tenantId: auth.tenantId,
    uploadedBy: auth.userId,
    name: cleanFileName(file.filename ?? '', `evidence.${EVIDENCE_EXTENSION[mimeType]}`).slice(-200),
    mimeType,
    sizeBytes: file.bytes.length,
    storageKey,
  });
  return evidenceView(row);
}

/** The evidence ids of a payment being recorded, each once; refused when there are too many. */
export function evidenceIdsOf(ids: number[] | undefined): number[] {
  const unique = [...new Set(ids ?? [])];
  if (unique.length > EVIDENCE_LIMITS.maxFiles)
    throw badRequest('fee.evidenceTooMany', { max: EVIDENCE_LIMITS.maxFiles });
  return unique;
}

/** Gives the caller's uploaded files to the new bill, inside its transaction: all of them or no bill. */
export async function giveEvidenceToBill(tx: Tx, auth: AuthContext, billId: number, ids: number[]) {
  if (ids.length === 0) return;
  const taken = await attachEvidence(tx, auth.tenantId, auth.userId, billId, ids);
  if (taken !== ids.length) throw badRequest('fee.evidenceNotFound');
  // Files uploaded before the other records went in: counted with this record, past the quota.
  const max = EVIDENCE_LIMITS.maxPendingWithFiles;
  if ((await pendingBillsWithEvidence(tx, auth.tenantId, auth.userId)) > max)
    throw new AppError(429, 'fee.evidencePendingLimit', { max });
}

/** The stored file of a row (a plain ASCII download name: the real one is in the lists). */
async function fileOf(
  files: FileStore,
  tenantId: string,
  row: EvidenceRow | undefined,
): Promise<StoredFileReply> {
  const stream = row && (await files.open(tenantFolder(tenantId), row.storageKey));
  if (!row || !stream) throw notFound('fee.evidenceNotFound');
  const type = row.mimeType as EvidenceType;
  return {
    mimeType: type,
    size: row.sizeBytes,
    downloadName: evidenceDownloadName(row),
    stream,
  };
}

/** A file the caller uploaded (the payer's own view); anyone else's answers 404. */
export async function ownEvidenceFile(db: Db, files: FileStore, auth: AuthContext, id: number) {
  return fileOf(files, auth.tenantId, await evidenceOfUploader(db, auth.tenantId, auth.userId, id));
}

/** A file of a bill of the caller's tenant (the finance office; the guard checked the role). */
export async function billEvidenceFile(
  db: Db,
  files: FileStore,
  auth: AuthContext,
  billId: number,
  id: number,
) {
  return fileOf(files, auth.tenantId, await evidenceOfBill(db, auth.tenantId, billId, id));
}

/** The files of each of these bills, by bill id. */
export async function evidenceByBill(db: Db, tenantId: string, billIds: number[]) {
  const byBill = new Map<number, Evidence[]>();
  for (const row of await evidenceOfBills(db, tenantId, billIds)) {
    const list = byBill.get(row.billId!) ?? [];
    list.push(evidenceView(row));
    byBill.set(row.billId!, list);
  }
  return byBill;
}

/**
 * Removes files no longer needed, rows first (a row is taken by one process only), then the files:
 * files never given to a record within a day, and files of records voided more than `voidGraceMs`
 * ago (the payer could still show them to the office meanwhile). Answers how many went.
 */
export async function purgeEvidence(
  db: Db,
  files: FileStore,
  options: { voidGraceMs: number; limit?: number; now?: number },
): Promise<number> {
  const now = options.now ?? Date.now();
  const gone = await purgeEvidenceRows(db, {
    unusedBefore: new Date(now - UNUSED_FOR_MS),
    voidedBefore: new Date(now - options.voidGraceMs),
    limit: options.limit ?? 500,
  });
  await Promise.all(gone.map((row) => files.remove(tenantFolder(row.tenantId), row.storageKey)));
  return gone.length;
}

/** What the tenant's evidence holds, against its quota (the console's settings). */
export async function evidenceStorage(
  db: Db,
  tenantId: string,
  quota: { tenantMaxBytes: number; voidGraceMs: number },
) {
  const use = await tenantEvidenceUse(db, tenantId);
  return {
    evidenceBytes: use.bytes,
    evidenceFiles: use.files,
    evidenceMaxBytes: quota.tenantMaxBytes,
    evidenceKeepDays: quota.voidGraceMs / (24 * 3600_000),
  };
}
