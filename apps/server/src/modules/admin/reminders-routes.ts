/**
 * /api/blade-finance/admin/reminder/* (HTTP only): the finance office's fee reminders (催缴): what the
 * filter screen offers, who a filter reaches and one person's message, campaigns (send now or at a time,
 * their progress and people, stop) and reminders scheduled per item (../reminder/service.ts,
 * ../reminder/schedule-service.ts). The scope's guard checks the finance role and writes the audit row
 * of every write; a campaign's row also carries its filter, count and text.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  audienceBody,
  audienceSchema,
  campaignBody,
  campaignListQuery,
  campaignSchema,
  recipientListQuery,
  recipientSchema,
  reminderOptionsSchema,
  scheduleBody,
  scheduleSchema,
} from '@cf/shared/wire/admin-reminders';
import { idParam } from '@cf/shared/wire/fields';
import { envelopeSchema, ok, pageSchema } from '@server/http/envelope';
import {
  audience,
  createCampaign,
  getCampaign,
  listCampaigns,
  listRecipients,
  reminderFilterOptions,
  stop,
} from '../reminder/service';
import { cancelSchedule, createSchedule, listSchedules } from '../reminder/schedule-service';

const BASE = '/api/blade-finance/admin/reminder';
const tags = ['finance admin'];
const security = [{ bladeAuth: [] }];

export function registerAdminReminderRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    `${BASE}/options`,
    {
      schema: {
        tags,
        security,
        summary:
          'Fee reminders: the items owed (years, due days), grades, colleges and classes to choose from; finance role',
        response: { 200: envelopeSchema(reminderOptionsSchema) },
      },
    },
    async (req) => ok(await reminderFilterOptions(app.db, req.auth)),
  );

  app.post(
    `${BASE}/audience`,
    {
      // Changes nothing: the count and the preview of a filter.
      config: { audited: false },
      schema: {
        tags,
        security,
        summary:
          'Fee reminders: how many people a filter reaches, what they owe (待缴), and one person’s message in both channels; finance role',
        body: audienceBody,
        response: { 200: envelopeSchema(audienceSchema) },
      },
    },
    async (req) => {
      const { previewPerson, ...filter } = req.body;
      return ok(await audience(app, req.auth, req.lang, filter, previewPerson));
    },
  );

  app.post(
    `${BASE}/campaign`,
    {
      schema: {
        tags,
        security,
        summary:
          'Fee reminders: send to everyone a filter reaches, now or at a time (within 30 days); one message per person, item and day; audited with filter, count and text; finance role',
        body: campaignBody,
        response: { 200: envelopeSchema(campaignSchema) },
      },
    },
    async (req) => ok(await createCampaign(app, req, req.auth, req.body)),
  );

  app.get(
    `${BASE}/campaign/list`,
    {
      schema: {
        tags,
        security,
        summary: 'Fee reminders: the campaigns, newest first, with their progress; finance role',
        querystring: campaignListQuery,
        response: { 200: envelopeSchema(pageSchema(campaignSchema)) },
      },
    },
    async (req) => ok(await listCampaigns(app.db, req.auth, req.query)),
  );

  app.get(
    `${BASE}/campaign/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Fee reminders: one campaign with its progress; finance role',
        params: idParam,
        response: { 200: envelopeSchema(campaignSchema) },
      },
    },
    async (req) => ok(await getCampaign(app.db, req.auth, req.params.id)),
  );

  app.get(
    `${BASE}/campaign/:id/recipients`,
    {
      schema: {
        tags,
        security,
        summary:
          'Fee reminders: a campaign’s people: sent / failed (why) / skipped, owed then and now, paid since; finance role',
        params: idParam,
        querystring: recipientListQuery,
        response: { 200: envelopeSchema(pageSchema(recipientSchema)) },
      },
    },
    async (req) => ok(await listRecipients(app.db, req.auth, req.params.id, req.query)),
  );

  app.post(
    `${BASE}/campaign/:id/stop`,
    {
      schema: {
        tags,
        security,
        summary: 'Fee reminders: stop a campaign; what was not sent stays unsent; finance role',
        params: idParam,
        response: { 200: envelopeSchema(campaignSchema) },
      },
    },
    async (req) => ok(await stop(app.db, req.auth, req.params.id)),
  );

  app.get(
    `${BASE}/schedule/list`,
    {
      schema: {
        tags,
        security,
        summary:
          'Fee reminders scheduled per item (N days before its due date), cancelled ones too; finance role',
        response: { 200: envelopeSchema(z.array(scheduleSchema)) },
      },
    },
    async (req) => ok(await listSchedules(app.db, req.auth)),
  );

  app.post(
    `${BASE}/schedule`,
    {
      schema: {
        tags,
        security,
        summary:
          'Fee reminders: remind whoever still owes an item N days (0-60) before its due date, every day at 09:00; finance role',
        body: scheduleBody,
        response: { 200: envelopeSchema(scheduleSchema) },
      },
    },
    async (req) => ok(await createSchedule(app.db, req.auth, req.body)),
  );

  app.post(
    `${BASE}/schedule/:id/cancel`,
    {
      schema: {
        tags,
        security,
        summary: 'Fee reminders: cancel a scheduled reminder; finance role',
        params: idParam,
        response: { 200: envelopeSchema(scheduleSchema) },
      },
    },
    async (req) => ok(await cancelSchedule(app.db, req.auth, req.params.id)),
  );
}
