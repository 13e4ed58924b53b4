/** The finance office's side of invoices (routes in modules/admin/invoices-routes.ts): list by state, retry failed ones. */
import type { AdminInvoice, Invoice } from '@cf/shared/wire/invoice';
import type { FastifyInstance } from 'fastify';
import { transaction } from '@server/db/transaction';
import type { AuthContext } from '@server/http/context';
import { page, type PageQuery } from '@server/http/envelope';
import { badRequest, notFound } from '@server/http/errors';
import { retryFailed } from './invoice-status';
import { workOnInvoice } from './issue-service';
import { findInvoice, invoiceableFen, listInvoicesByStatus, lockOrder } from './repo';
import { invoiceView } from './service';
import { termParams } from '@server/modules/system/settings-service';

export async function listInvoicesForOffice(
  app: FastifyInstance,
  auth: AuthContext,
  status: string,
  q: PageQuery,
) {
  const { rows, total } = await listInvoicesByStatus(
    app.db,
    auth.tenantId,
    status,
    q.size,
    (q.current - 1) * q.size,
  );
  const records: AdminInvoice[] = rows.map(({ invoice, orderNo }) => ({
    ...invoiceView(app, invoice),
    orderNo,
    attempts: invoice.attempts,
  }));
  return page(records, total, q);
}

/** failed -> requested under a new business number, for what the order may be invoiced for now; sent at once. */
export async function retryInvoice(app: FastifyInstance, auth: AuthContext, id: number): Promise<Invoice> {
  const found = await findInvoice(app.db, id);
  const term = await termParams(app.db, auth.tenantId);
  if (!found || found.tenantId !== auth.tenantId) throw notFound('invoice.notFound', term);
  await transaction(app.db, async (tx) => {
    const order = await lockOrder(tx, auth.tenantId, found.orderId);
    const amountFen = order ? invoiceableFen(order) : 0;
    if (amountFen <= 0) throw badRequest('invoice.nothingToInvoice');
    if (!(await retryFailed(tx, id, auth.tenantId, amountFen))) throw badRequest('invoice.notFailed', term);
  });
  await workOnInvoice(app, id).catch((err: unknown) =>
    app.log.error({ err, invoiceId: id }, 'invoice: retry not sent; the job will send it'),
  );
  return invoiceView(app, (await findInvoice(app.db, id))!);
}
