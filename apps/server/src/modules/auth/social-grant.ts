/**
 * Social grant: the WeChat code is exchanged through the gateway for an open id, which is kept as
 * an OAuth link of the tenant. A linked person gets their user's token; anyone else a visitor
 * token (user id 0) carrying the link id, which register-user / bind-user attach to.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import { oauthLinks } from '@server/db/schema';
import type { Gateways } from '@server/gateways';
import {
  WechatCodeError,
  type OauthSource,
  type WechatAppCredentials,
  type WechatIdentity,
} from '@server/gateways/types';
import { OAuthError } from '@server/http/errors';
import { findUser, userSubject, visitorSubject, type OauthLinkRow } from './subject';
import { signInTenant, type TenantRow } from './tenant';
import type { TokenParams } from './token-params';
import { issueTokens, type TokenReply } from './tokens';

const SOURCES: readonly OauthSource[] = ['wechat', 'wxwork'];

/** WeChat's codes are short printable ASCII; anything else is a bad code, not something to send on. */
const CODE_PATTERN = /^[\x21-\x7e]{1,256}$/;

function appOf(tenant: TenantRow, source: OauthSource): WechatAppCredentials | undefined {
  const [appId, secret] =
    source === 'wechat'
      ? [tenant.wechatMpAppId, tenant.wechatMpSecret]
      : [tenant.wechatWorkCorpId, tenant.wechatWorkSecret];
  return appId && secret ? { appId, secret } : undefined;
}

/** Keeps one link per (tenant, source, open id); a later sign-in refreshes the nickname and avatar. */
async function upsertLink(
  db: Db,
  tenantId: string,
  source: OauthSource,
  who: WechatIdentity,
): Promise<OauthLinkRow> {
  const [link] = await db
    .insert(oauthLinks)
    .values({
      tenantId,
      source,
      openId: who.openId,
      unionId: who.unionId ?? null,
      nickname: who.nickname ?? '',
      avatar: who.avatar ?? '',
    })
    .onConflictDoUpdate({
      target: [oauthLinks.tenantId, oauthLinks.source, oauthLinks.openId],
      set: {
        unionId: sql`COALESCE(excluded.union_id, ${oauthLinks.unionId})`,
        nickname: sql`CASE WHEN excluded.nickname <> '' THEN excluded.nickname ELSE ${oauthLinks.nickname} END`,
        avatar: sql`CASE WHEN excluded.avatar <> '' THEN excluded.avatar ELSE ${oauthLinks.avatar} END`,
      },
    })
    .returning();
  return link!;
}

export async function socialGrant(
  deps: { db: Db; config: Config; gateways: Gateways; log: FastifyBaseLogger },
  params: TokenParams,
): Promise<TokenReply> {
  const { db, config, gateways, log } = deps;
  const tenant = await signInTenant(db, params.tenantId);
  const source = (params.source ?? 'wechat') as OauthSource;
  if (!SOURCES.includes(source)) throw new OAuthError(400, 'auth.socialSourceUnknown');
  if (!params.code) throw new OAuthError(400, 'auth.socialCodeRequired');
  if (!CODE_PATTERN.test(params.code)) throw new OAuthError(400, 'auth.socialCodeInvalid');
  const app = appOf(tenant, source);
  if (!app) throw new OAuthError(400, 'auth.socialNotConfigured');

  let who: WechatIdentity;
  try {
    who = await gateways.wechatOauth.exchange(source, app, params.code);
  } catch (err) {
    if (err instanceof WechatCodeError) {
      log.info({ err, tenantId: tenant.tenantId, source }, 'WeChat refused the code');
      throw new OAuthError(400, 'auth.socialCodeInvalid');
    }
    log.error({ err, tenantId: tenant.tenantId, source }, 'WeChat code exchange failed');
    throw new OAuthError(502, 'auth.socialUnavailable');
  }

  const link = await upsertLink(db, tenant.tenantId, source, who);
  if (link.userId) {
    const user = await findUser(db, tenant.tenantId, link.userId);
    if (user) {
      if (user.status !== 1) throw new OAuthError(400, 'auth.userDisabled');
      return issueTokens(db, config, await userSubject(db, user, link.id));
    }
  }
  return issueTokens(db, config, visitorSubject(link));
}
