/**
 * /api/blade-finance/invoice/* (HTTP only): saved invoice titles, asking for an order's invoice, its
 * state, and the PDF behind a short-lived plain link (no token header: WeChat's browser opens it).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@cf/shared/wire/fields';
import {
  invoiceApplyBody,
  invoiceFileParams,
  invoiceFileQuery,
  invoiceTitleBody,
  invoiceTitleSchema,
  orderIdParam,
  orderInvoiceSchema,
} from '@cf/shared/wire/invoice';
import { invoiceTermKey } from '@cf/shared/invoice-term';
import { envelopeSchema, ok } from '@server/http/envelope';
import { requireUser } from '@server/modules/auth/guard';
import { applyInvoice, INVOICE_FILE_PATH, invoicePdf, orderInvoice } from './service';
import { makeDefaultTitle, myTitles, removeTitle, saveTitle } from './title-service';

const tags = ['invoice'];
const security = [{ bladeAuth: [] }];

export default async function invoiceRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: requireUser };

  app.get(
    '/api/blade-finance/invoice/title/list',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: "The caller's saved invoice titles, the default first",
        response: { 200: envelopeSchema(z.array(invoiceTitleSchema)) },
      },
    },
    async (req) => ok(await myTitles(app.db, req.auth)),
  );

  app.post(
    '/api/blade-finance/invoice/title/submit',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary:
          'Save an invoice title: no id creates one, an id edits it (rules: packages/shared invoice-title.ts)',
        body: invoiceTitleBody,
        response: { 200: envelopeSchema(invoiceTitleSchema) },
      },
    },
    async (req) => ok(await saveTitle(app.db, req.auth, req.body)),
  );

  app.post(
    '/api/blade-finance/invoice/title/default/:id',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Make a saved title the default',
        params: idParam,
        response: { 200: envelopeSchema(invoiceTitleSchema) },
      },
    },
    async (req) => ok(await makeDefaultTitle(app.db, req.auth, req.params.id)),
  );

  app.post(
    '/api/blade-finance/invoice/title/remove/:id',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Delete a saved title (invoices keep their own copy)',
        params: idParam,
        response: { 200: envelopeSchema(z.boolean()) },
      },
    },
    async (req) => ok(await removeTitle(app.db, req.auth, req.params.id)),
  );

  app.post(
    '/api/blade-finance/invoice/apply',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Ask for the invoice of a paid order with a saved title (one per order)',
        body: invoiceApplyBody,
        response: { 200: envelopeSchema(orderInvoiceSchema) },
      },
    },
    async (req) => ok(await applyInvoice(app, req.auth, req.body)),
  );

  app.get(
    '/api/blade-finance/invoice/order/:orderId',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: "An order's invoice state and its invoices (with a PDF link once issued)",
        params: orderIdParam,
        response: { 200: envelopeSchema(orderInvoiceSchema) },
      },
    },
    async (req) => ok(await orderInvoice(app, req.auth, req.params.orderId)),
  );

  app.get(
    `${INVOICE_FILE_PATH}/:id`,
    {
      // Opened in the browser: a stale or bad link answers a page saying what to do.
      config: {
        linkPage: {
          hint: 'invoice.linkPage.hint',
          hintParams: { term: { message: invoiceTermKey('fiscal') } },
        },
      },
      schema: {
        tags,
        summary:
          'The invoice PDF (inline; download=1 as an attachment). No token: the signed link of the order detail. A failure answers a small HTML page to a browser (Accept text/html), the envelope otherwise.',
        params: invoiceFileParams,
        querystring: invoiceFileQuery,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const { pdf, fileName } = await invoicePdf(app, req.params.id, req.query.token);
      const disposition = req.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `${disposition}; filename="${fileName}"`)
        .send(pdf);
    },
  );
}
