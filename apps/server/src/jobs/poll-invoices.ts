/**
 * Job: invoices at the e-bill platform. First refunds reach the invoices (an issued invoice of an order
 * refunded since is marked for a red-letter reversal: modules/invoice/issue-service.ts followRefunds),
 * then each requested or reversing invoice is claimed (a lease on invoices.polled_at, SKIP LOCKED, so
 * several processes share the work) and sent or asked about once.
 */
import type { FastifyInstance } from 'fastify';
import { followRefunds, workOnInvoice } from '@server/modules/invoice/issue-service';
import { claimInvoices } from '@server/modules/invoice/repo';
import type { JobRun } from './expire-orders';

export async function pollInvoices(
  app: FastifyInstance,
  options: { leaseSeconds: number; limit?: number },
): Promise<JobRun> {
  const results: Record<string, number> = {};
  const count = (key: string) => (results[key] = (results[key] ?? 0) + 1);
  const refunds = await followRefunds(app, options.limit ?? 50);
  if (refunds) results.refunds = refunds;
  if (!app.gateways.invoice) return { claimed: 0, results };
  const ids = await claimInvoices(app.db, options.leaseSeconds, options.limit ?? 50);
  for (const id of ids) {
    try {
      count(await workOnInvoice(app, id));
    } catch (err) {
      app.log.warn({ err, invoiceId: id }, 'poll-invoices: invoice not handled this time');
      count('error');
    }
  }
  return { claimed: ids.length, results };
}
