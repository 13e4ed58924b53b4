/**
 * Demo mode only (registered by ./routes.ts): the WeChat API stand-in for official account template
 * messages, under /api/dev/wechat like the OAuth stand-in, answering WeChat's JSON:
 *   POST cgi-bin/stable_token            {grant_type: client_credential, appid, secret, force_refresh}
 *   POST cgi-bin/message/template/send   ?access_token=…  {touser, template_id, url, data, client_msg_id}
 * Each message is recorded once per client_msg_id (a resend answers the first msgid, as WeChat's
 * de-duplication does) and shown in the dev outbox under the person's openid, as their WeChat would.
 * Enterprise WeChat: POST cgi-bin/message/send ?access_token=… (of cgi-bin/gettoken) with a textcard to a
 * member (an Enterprise WeChat link of the corp's tenant), shown in the dev outbox under the member id.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { devOutbox, oauthLinks, tenants } from '@server/db/schema';
import { devWechatMessages } from '@server/db/schema-notify';
import { DEV_WECHAT_PREFIX } from '@server/gateways';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  WECHAT_ERRORS,
  findApp,
  readGrant,
  secretMatches,
  signGrant,
} from './wechat-service';

const MESSAGE_ERRORS = {
  invalidTemplateId: { errcode: 40037, errmsg: 'invalid template_id' },
  argumentInvalid: { errcode: 47003, errmsg: 'argument invalid! data.value invalid' },
  missingAccessToken: { errcode: 41001, errmsg: 'access_token missing' },
} as const;

/** A template's `thing` keyword takes at most 20 characters (WeChat: 47003 beyond). */
const THING_MAX = 20;

const WORK_ERRORS = {
  invalidAgentId: { errcode: 40056, errmsg: 'invalid agentid' },
  invalidMessage: { errcode: 40008, errmsg: 'invalid message type' },
  allInvalid: { errcode: 81013, errmsg: 'user & party & tag all invalid' },
} as const;

const textCardSchema = z.object({
  title: z.string().min(1).max(128),
  description: z.string().min(1).max(512),
  url: z.string().min(1).max(2048),
  btntxt: z.string().max(4).optional(),
});

const dataSchema = z.record(z.string(), z.object({ value: z.string() }));

export default async function wechatMessageStandinRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const secret = app.config.jwtSecret;
  const tags = ['dev'];

  app.post(
    `${DEV_WECHAT_PREFIX}/cgi-bin/stable_token`,
    {
      schema: {
        tags,
        summary: 'Demo WeChat: the official account access token (stable_token)',
        body: z
          .object({
            grant_type: z.string().optional(),
            appid: z.string().optional(),
            secret: z.string().optional(),
            force_refresh: z.boolean().optional(),
          })
          .optional(),
      },
    },
    async (req) => {
      const b = req.body ?? {};
      if (b.grant_type !== 'client_credential') return WECHAT_ERRORS.invalidGrantType;
      const wechatApp = await findApp(db, b.appid ?? '');
      if (!wechatApp || wechatApp.kind !== 'mp') return WECHAT_ERRORS.invalidAppId;
      if (!secretMatches(wechatApp, b.secret ?? '')) return WECHAT_ERRORS.invalidSecret;
      return {
        access_token: signGrant(secret, { appId: wechatApp.appId }),
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
      };
    },
  );

  app.post(
    `${DEV_WECHAT_PREFIX}/cgi-bin/message/template/send`,
    {
      schema: {
        tags,
        summary: 'Demo WeChat: send a template message (recorded in the dev outbox under the openid)',
        querystring: z.object({ access_token: z.string().optional() }),
        body: z.record(z.string(), z.unknown()).optional(),
      },
    },
    async (req) => {
      const token = req.query.access_token;
      if (!token) return MESSAGE_ERRORS.missingAccessToken;
      const grant = readGrant(secret, token);
      if (!grant || grant.openId) return WECHAT_ERRORS.invalidCredential;
      const b = req.body ?? {};
      const touser = typeof b.touser === 'string' ? b.touser : '';
      const templateId = typeof b.template_id === 'string' ? b.template_id : '';
      if (!templateId) return MESSAGE_ERRORS.invalidTemplateId;
      const data = dataSchema.safeParse(b.data);
      if (!data.success) return MESSAGE_ERRORS.argumentInvalid;
      for (const [key, { value }] of Object.entries(data.data)) {
        if (key.startsWith('thing') && [...value].length > THING_MAX) return MESSAGE_ERRORS.argumentInvalid;
      }
      const [tenant] = await db
        .select({ tenantId: tenants.tenantId })
        .from(tenants)
        .where(eq(tenants.wechatMpAppId, grant.appId));
      const [link] = tenant
        ? await db
            .select({ id: oauthLinks.id })
            .from(oauthLinks)
            .where(
              and(
                eq(oauthLinks.tenantId, tenant.tenantId),
                eq(oauthLinks.source, 'wechat'),
                eq(oauthLinks.openId, touser),
              ),
            )
        : [];
      if (!link) return WECHAT_ERRORS.invalidOpenId;
      const url = typeof b.url === 'string' ? b.url : null;
      const clientMsgId = typeof b.client_msg_id === 'string' && b.client_msg_id ? b.client_msg_id : null;
      const msgid = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(devWechatMessages)
          .values({ appId: grant.appId, clientMsgId, toUser: touser, templateId, url, data: data.data })
          .onConflictDoNothing()
          .returning({ msgId: devWechatMessages.msgId });
        if (!row) {
          // The same client_msg_id again: WeChat does not deliver it twice.
          const [first] = await tx
            .select({ msgId: devWechatMessages.msgId })
            .from(devWechatMessages)
            .where(
              and(eq(devWechatMessages.appId, grant.appId), eq(devWechatMessages.clientMsgId, clientMsgId!)),
            );
          return first!.msgId;
        }
        const body = Object.values(data.data)
          .map((d) => d.value)
          .join(' · ');
        await tx.insert(devOutbox).values({
          channel: 'wechat',
          recipient: touser,
          subject: templateId,
          body: url ? `${body}\n${url}` : body,
        });
        return row.msgId;
      });
      return { errcode: 0, errmsg: 'ok', msgid };
    },
  );

  app.post(
    `${DEV_WECHAT_PREFIX}/cgi-bin/message/send`,
    {
      schema: {
        tags,
        summary: 'Demo Enterprise WeChat: send a text card to a member (recorded in the dev outbox)',
        querystring: z.object({ access_token: z.string().optional() }),
        body: z.record(z.string(), z.unknown()).optional(),
      },
    },
    async (req) => {
      const grant = readGrant(secret, req.query.access_token ?? '');
      if (!grant || grant.openId) return WECHAT_ERRORS.invalidAccessToken;
      const b = req.body ?? {};
      const card = textCardSchema.safeParse(b.textcard);
      if (b.msgtype !== 'textcard' || !card.success) return WORK_ERRORS.invalidMessage;
      const [tenant] = await db
        .select({ tenantId: tenants.tenantId, agentId: tenants.wechatWorkAgentId })
        .from(tenants)
        .where(eq(tenants.wechatWorkCorpId, grant.appId));
      if (!tenant || String(b.agentid) !== tenant.agentId) return WORK_ERRORS.invalidAgentId;
      const touser = typeof b.touser === 'string' ? b.touser : '';
      const [member] = await db
        .select({ id: oauthLinks.id })
        .from(oauthLinks)
        .where(
          and(
            eq(oauthLinks.tenantId, tenant.tenantId),
            eq(oauthLinks.source, 'wxwork'),
            eq(oauthLinks.openId, touser),
          ),
        );
      if (!member) return WORK_ERRORS.allInvalid;
      const body = `${card.data.description}\n${card.data.url}`;
      // enable_duplicate_check: the same card to the same member again is not delivered twice.
      const [same] = b.enable_duplicate_check
        ? await db
            .select({ id: devOutbox.id })
            .from(devOutbox)
            .where(
              and(
                eq(devOutbox.channel, 'wxwork'),
                eq(devOutbox.recipient, touser),
                eq(devOutbox.subject, card.data.title),
                eq(devOutbox.body, body),
              ),
            )
        : [];
      const id =
        same?.id ??
        (
          await db
            .insert(devOutbox)
            .values({ channel: 'wxwork', recipient: touser, subject: card.data.title, body })
            .returning({ id: devOutbox.id })
        )[0]!.id;
      return { errcode: 0, errmsg: 'ok', invaliduser: '', msgid: `work-${id}` };
    },
  );
}
