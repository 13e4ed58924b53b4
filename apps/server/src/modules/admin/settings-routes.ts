/**
 * /api/blade-finance/admin/settings/* (HTTP only): the tenant admin's settings of their own tenant.
 * Tenant admin only (config.financeLevel 'admin'): a clerk or a manager gets 403. The scope's guard
 * writes the audit row; each write adds the names of what it changed, never a secret's value.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  modulesBody,
  paramsBody,
  payChannelBody,
  payChannelCheckSchema,
  payChannelParam,
  payChannelSettingsSchema,
  providerBody,
  providerParam,
  providerSettingsSchema,
  tenantSettingsSchema,
  wechatTemplatesBody,
  wechatTemplatesSchema,
} from '@cf/shared/wire/admin-settings';
import { assertPublicAddress } from '@server/gateways/public-address';
import { envelopeSchema, ok } from '@server/http/envelope';
import { badRequest } from '@server/http/errors';
import {
  checkPayChannel,
  readSettings,
  type PayChannelRunner,
  updateModules,
  updateParams,
  updatePayChannel,
  updateProvider,
  updateWechatTemplates,
} from '../system/settings-service';
import { noteAudit } from '@server/http/audit';
import { evidenceStorage } from '../fee/evidence-service';
import { tenantAttachmentUse } from '../notice/repo';

const BASE = '/api/blade-finance/admin/settings';
const adminOnly = { financeLevel: 'admin' } as const;
const common = { tags: ['finance admin'], security: [{ bladeAuth: [] }] };

export function registerAdminSettingsRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  // Read when a request comes (the gateways are decorated on the app after the routes are declared).
  const pay: PayChannelRunner = {
    available: (channel) => app.gateways.pay.available(channel),
    check: (tenantId, channel, settings) => app.gateways.pay.check(tenantId, channel, settings),
    simulated: (channel, settings) => app.gateways.pay.simulated(channel, settings),
  };

  app.get(
    BASE,
    {
      config: adminOnly,
      schema: {
        ...common,
        summary:
          "The tenant's settings and the disk its files take; secrets only as set / not set (ids: last 4 characters); tenant admin",
        response: { 200: envelopeSchema(tenantSettingsSchema) },
      },
    },
    async (req) => {
      const tenantId = req.auth.tenantId;
      const evidence = await evidenceStorage(app.db, tenantId, app.config.evidence);
      const attachments = await tenantAttachmentUse(app.db, tenantId);
      return ok({
        ...(await readSettings(app.db, tenantId, pay)),
        storage: { ...evidence, attachmentBytes: attachments.bytes, attachmentFiles: attachments.files },
      });
    },
  );

  app.put(
    `${BASE}/params`,
    {
      config: adminOnly,
      schema: {
        ...common,
        summary: 'Change binding and account params (keys left out keep their value); tenant admin',
        body: paramsBody,
        response: { 200: envelopeSchema(z.object({ changed: z.array(z.string()) })) },
      },
    },
    async (req) => {
      const changed = await updateParams(app.db, req.auth.tenantId, req.body.params);
      noteAudit(req, { changed });
      return ok({ changed });
    },
  );

  app.put(
    `${BASE}/modules`,
    {
      config: adminOnly,
      schema: {
        ...common,
        summary: 'Set the enabled mobile modules (the whole list); tenant admin',
        body: modulesBody,
        response: { 200: envelopeSchema(z.object({ modules: z.array(z.string()) })) },
      },
    },
    async (req) => {
      const modules = await updateModules(app.db, req.auth.tenantId, req.body.modules);
      noteAudit(req, { changed: ['mobileModules'], modules });
      return ok({ modules });
    },
  );

  app.put(
    `${BASE}/pay-channels/:channel`,
    {
      config: adminOnly,
      schema: {
        ...common,
        summary:
          'Change a pay channel: enabled, app id, merchant keys (write-only; left out: kept; `clear`: removed); tenant admin',
        params: payChannelParam,
        body: payChannelBody,
        response: { 200: envelopeSchema(payChannelSettingsSchema) },
      },
    },
    async (req) => {
      const { channel } = req.params;
      const { changed, view } = await updatePayChannel(app.db, req.auth.tenantId, channel, req.body, pay);
      noteAudit(req, { changed });
      return ok(view);
    },
  );

  app.post(
    `${BASE}/pay-channels/:channel/check`,
    {
      config: adminOnly,
      schema: {
        ...common,
        summary:
          'Test a pay channel with its saved settings: the query of a made-up order number must be answered; tenant admin',
        params: payChannelParam,
        response: { 200: envelopeSchema(payChannelCheckSchema) },
      },
    },
    async (req) => ok(await checkPayChannel(app.db, req.auth.tenantId, req.params.channel, pay)),
  );

  app.put(
    `${BASE}/providers/:kind`,
    {
      config: adminOnly,
      schema: {
        ...common,
        summary:
          "Change the SMS or mail provider the school's sends use: address, sender, token (write-only); no address: the deployment's; tenant admin",
        params: providerParam,
        body: providerBody,
        response: { 200: envelopeSchema(providerSettingsSchema) },
      },
    },
    async (req) => {
      // In production a school's address must be public https (checked again before every send).
      const url = req.body.httpUrl;
      if (url && app.config.mode === 'production') {
        await assertPublicAddress(url).catch(() => {
          throw badRequest('system.providerAddressNotPublic');
        });
      }
      const { changed, view } = await updateProvider(app.db, req.auth.tenantId, req.params.kind, req.body);
      // The next send reads the new row anyway; the adapter built from the old one goes at once.
      app.gateways[req.params.kind].forget(req.auth.tenantId);
      noteAudit(req, { changed });
      return ok(view);
    },
  );

  app.put(
    `${BASE}/wechat-templates`,
    {
      config: adminOnly,
      schema: {
        ...common,
        summary:
          "The official account's template id of each kind of message to a person (receipt, refund, invoice, …); empty: that kind goes by SMS; tenant admin",
        body: wechatTemplatesBody,
        response: { 200: envelopeSchema(wechatTemplatesSchema) },
      },
    },
    async (req) => {
      const { changed, view } = await updateWechatTemplates(app.db, req.auth.tenantId, req.body);
      noteAudit(req, { changed });
      return ok(view);
    },
  );
}
