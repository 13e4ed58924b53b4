/**
 * /api/blade-finance/fee/* and enroll/lookup (HTTP only): the caller's own fees, the comprehensive-fee
 * catalogue, other-means payments and bill history. The finance office's review is in ../admin/bills-routes.ts.
 */
import multipart from '@fastify/multipart';
import { EVIDENCE_LIMITS } from '@cf/shared/bill-evidence';
import { translate } from '@cf/shared/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth, requireUser } from '@server/modules/auth/guard';
import { envelopeSchema, ok, pageSchema } from '@server/http/envelope';
import { sendStoredFile } from '@server/http/file-reply';
import { uploadedFile } from '@server/http/upload';
import { idParam } from '@cf/shared/wire/fields';
import { lookupEnrollee } from './enroll-service';
import { feeHistory, feeItemDetail, otherFees, receivableDetail, studentFees } from './fee-service';
import { ownEvidenceFile, uploadEvidence } from './evidence-service';
import { recordOfflinePayment } from './offline-service';
import {
  billSchema,
  enrollLookupBody,
  enrollLookupSchema,
  evidenceSchema,
  feeItemSchema,
  historyQuery,
  offlineBody,
  otherFeesSchema,
  receivableDetailSchema,
  studentFeesSchema,
} from '@cf/shared/wire/fee';

const tags = ['fee'];
const security = [{ bladeAuth: [] }];

export default async function feeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blade-finance/fee/student',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Student fees of the bound student by school year, with the fee summary (fen)',
        response: { 200: envelopeSchema(studentFeesSchema) },
      },
    },
    async (req) => ok(await studentFees(app.db, req.auth)),
  );

  app.get(
    '/api/blade-finance/fee/other',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Comprehensive fees: manual items, receivables assigned to the caller, top-ups',
        response: { 200: envelopeSchema(otherFeesSchema) },
      },
    },
    async (req) => ok(await otherFees(app.db, req.auth)),
  );

  app.get(
    '/api/blade-finance/fee/item/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'A manual, enrolment or top-up item of the catalogue',
        params: idParam,
        response: { 200: envelopeSchema(feeItemSchema) },
      },
    },
    async (req) => ok(await feeItemDetail(app.db, req.auth, req.params.id)),
  );

  app.get(
    '/api/blade-finance/fee/receivable/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'One of the caller’s receivables with its charge and refund bills',
        params: idParam,
        response: { 200: envelopeSchema(receivableDetailSchema) },
      },
    },
    async (req) => ok(await receivableDetail(app.db, req.auth, req.params.id)),
  );

  app.post(
    '/api/blade-finance/fee/offline',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Record a payment made outside the app: a bill waiting for the finance office’s review',
        body: offlineBody,
        response: { 200: envelopeSchema(billSchema) },
      },
    },
    async (req) =>
      ok(
        await recordOfflinePayment(app.db, req.auth, req.body, req),
        translate('fee.offlineRecorded', req.lang),
      ),
  );

  // Evidence files: multipart in a scope of their own, with the evidence rule's limits.
  await app.register(async (inner) => {
    await inner.register(multipart, {
      limits: { fileSize: EVIDENCE_LIMITS.maxBytes, files: 1, fields: 4, parts: 5 },
    });
    const scope = inner.withTypeProvider<ZodTypeProvider>();

    scope.post(
      '/api/blade-finance/fee/offline/evidence',
      {
        preHandler: requireUser,
        schema: {
          tags,
          security,
          summary:
            'Upload one evidence file of an other-means payment (multipart field `file`: JPEG, PNG, WebP or PDF by its bytes, at most 10 MB); name its id in fee/offline',
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(evidenceSchema) },
        },
      },
      async (req) =>
        ok(
          await uploadEvidence(
            req.server.db,
            req.server.gateways.files,
            req.auth,
            await uploadedFile(req, EVIDENCE_LIMITS.maxBytes),
            req.server.config.evidence,
          ),
        ),
    );

    scope.get(
      '/api/blade-finance/fee/offline/evidence/:id',
      {
        preHandler: requireUser,
        schema: {
          tags,
          security,
          summary: 'An evidence file the caller uploaded (anyone else’s answers 404)',
          params: idParam,
        },
      },
      async (req, reply) =>
        sendStoredFile(
          reply,
          await ownEvidenceFile(req.server.db, req.server.gateways.files, req.auth, req.params.id),
        ),
    );
  });

  app.get(
    '/api/blade-finance/fee/history',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Charge and refund bills of the caller’s person, student fees (FEE) or comprehensive (OTHER)',
        querystring: historyQuery,
        response: { 200: envelopeSchema(pageSchema(billSchema)) },
      },
    },
    async (req) => ok(await feeHistory(app.db, req.auth, req.query.category, req.query)),
  );

  app.post(
    '/api/blade-finance/enroll/lookup',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Find a newly admitted student by ID number and name; answers the enrolment items',
        body: enrollLookupBody,
        response: { 200: envelopeSchema(enrollLookupSchema) },
      },
    },
    async (req) => ok(await lookupEnrollee(app.db, req.auth, req.body.idCard, req.body.name)),
  );
}
