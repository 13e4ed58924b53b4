/**
 * The finance office's side of the signature flag (decision "Signature flag in its own table"): which
 * fee items of the tenant ask for the payer's signature, and setting or clearing it. Behind
 * modules/admin's guard (role check and audit row). Orders read the flag live (repo.ts), so a change
 * holds for every order read after it.
 */
import {
  signatureTimingEnum,
  type FeeItemSignature,
  type FeeItemSignatureBody,
} from '@cf/shared/wire/signature';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { feeItems } from '@server/db/schema-finance';
import { feeItemSignatures } from '@server/db/schema-signature';
import { badRequest, notFound } from '@server/http/errors';
import { requireSignature } from './repo';

const columns = {
  feeItemId: feeItems.id,
  name: feeItems.name,
  nameEn: feeItems.nameEn,
  kind: feeItems.kind,
  status: feeItems.status,
  timing: feeItemSignatures.timing,
  declaration: feeItemSignatures.declaration,
  declarationEn: feeItemSignatures.declarationEn,
};

function withFlags(db: Db, tenantId: string) {
  return db
    .select(columns)
    .from(feeItems)
    .leftJoin(
      feeItemSignatures,
      and(eq(feeItemSignatures.feeItemId, feeItems.id), eq(feeItemSignatures.tenantId, tenantId)),
    );
}

/** Every catalogue item of the tenant with its flag, in the catalogue's order. */
export async function feeItemSignatureList(db: Db, tenantId: string): Promise<FeeItemSignature[]> {
  return withFlags(db, tenantId)
    .where(eq(feeItems.tenantId, tenantId))
    .orderBy(asc(feeItems.sort), asc(feeItems.id));
}

/** Sets (a timing) or clears (null) the flag of one fee item of the tenant; 404 for anyone else's. */
export async function setFeeItemSignature(
  db: Db,
  tenantId: string,
  feeItemId: number,
  body: FeeItemSignatureBody,
): Promise<FeeItemSignature> {
  const [item] = await db
    .select({ id: feeItems.id })
    .from(feeItems)
    .where(and(eq(feeItems.tenantId, tenantId), eq(feeItems.id, feeItemId)));
  if (!item) throw notFound('signature.feeItemNotFound');
  const timing = body.timing === null ? null : signatureTimingEnum.safeParse(body.timing).data;
  if (timing === undefined) throw badRequest('signature.timingInvalid');
  if (timing) await requireSignature(db, tenantId, feeItemId, timing, body);
  else
    await db
      .delete(feeItemSignatures)
      .where(and(eq(feeItemSignatures.tenantId, tenantId), eq(feeItemSignatures.feeItemId, feeItemId)));
  const [row] = await withFlags(db, tenantId).where(
    and(eq(feeItems.tenantId, tenantId), eq(feeItems.id, feeItemId)),
  );
  return row!;
}
