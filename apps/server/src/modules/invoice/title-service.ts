/**
 * Invoice titles kept per user for reuse: pick, edit, delete, one default. The rules of a title are
 * packages/shared/src/invoice-title.ts (the form checks them too; the server never trusts it).
 */
import { firstInvoiceInfoProblem, MAX_INVOICE_TITLES, normalizeInvoiceInfo } from '@cf/shared/invoice-title';
import type { InvoiceTitle, InvoiceTitleBody } from '@cf/shared/wire/invoice';
import type { Db } from '@server/db/client';
import { transaction } from '@server/db/transaction';
import type { AuthContext } from '@server/http/context';
import { badRequest, notFound } from '@server/http/errors';
import {
  clearDefault,
  countTitles,
  deleteTitle,
  findTitle,
  insertTitle,
  listTitles,
  updateTitle,
  type TitleRow,
} from './repo';

export const titleView = (row: TitleRow): InvoiceTitle => ({
  id: row.id,
  taxpayerType: row.taxpayerType as InvoiceTitle['taxpayerType'],
  invoiceType: row.invoiceType as InvoiceTitle['invoiceType'],
  name: row.name,
  taxId: row.taxId,
  address: row.address,
  phone: row.phone,
  bank: row.bank,
  bankAccount: row.bankAccount,
  isDefault: row.isDefault,
});

export async function myTitles(db: Db, auth: AuthContext): Promise<InvoiceTitle[]> {
  return (await listTitles(db, auth.tenantId, auth.userId)).map(titleView);
}

/** Creates (no id) or edits a title; the first title, or one marked so, becomes the default. */
export async function saveTitle(db: Db, auth: AuthContext, body: InvoiceTitleBody): Promise<InvoiceTitle> {
  const { id, isDefault, ...raw } = body;
  const problem = firstInvoiceInfoProblem(raw);
  if (problem) throw badRequest(problem);
  const info = normalizeInvoiceInfo(raw);
  const { tenantId, userId } = auth;
  const row = await transaction(db, async (tx) => {
    if (id !== undefined) {
      if (!(await findTitle(tx, tenantId, userId, id))) throw notFound('invoice.titleNotFound');
      if (isDefault) await clearDefault(tx, tenantId, userId, id);
      return (await updateTitle(tx, tenantId, userId, id, { ...info, ...(isDefault ? { isDefault } : {}) }))!;
    }
    const count = await countTitles(tx, tenantId, userId);
    if (count >= MAX_INVOICE_TITLES) throw badRequest('invoice.titleLimit', { max: MAX_INVOICE_TITLES });
    const makeDefault = isDefault || count === 0;
    if (makeDefault) await clearDefault(tx, tenantId, userId);
    return insertTitle(tx, tenantId, userId, { ...info, isDefault: makeDefault });
  });
  return titleView(row);
}

export async function makeDefaultTitle(db: Db, auth: AuthContext, id: number): Promise<InvoiceTitle> {
  const row = await transaction(db, async (tx) => {
    if (!(await findTitle(tx, auth.tenantId, auth.userId, id))) throw notFound('invoice.titleNotFound');
    await clearDefault(tx, auth.tenantId, auth.userId, id);
    return (await updateTitle(tx, auth.tenantId, auth.userId, id, { isDefault: true }))!;
  });
  return titleView(row);
}

/** Deletes a title (invoices keep their own copy of it); the default passes to the newest one left. */
export async function removeTitle(db: Db, auth: AuthContext, id: number): Promise<boolean> {
  await transaction(db, async (tx) => {
    const removed = await deleteTitle(tx, auth.tenantId, auth.userId, id);
    if (!removed) throw notFound('invoice.titleNotFound');
    if (!removed.isDefault) return;
    const [next] = await listTitles(tx as unknown as Db, auth.tenantId, auth.userId);
    if (next) await updateTitle(tx, auth.tenantId, auth.userId, next.id, { isDefault: true });
  });
  return true;
}
