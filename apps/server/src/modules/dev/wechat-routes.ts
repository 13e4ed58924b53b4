/**
 * The WeChat OAuth stand-in served in demo mode under /api/dev/wechat, speaking WeChat's protocol:
 * the authorize page redirects back with ?code&state (state only when denied); the official
 * account exchanges the code at sns/oauth2/access_token and reads sns/userinfo; the enterprise
 * app takes cgi-bin/gettoken then cgi-bin/auth/getuserinfo. JSON errors carry WeChat's errcodes.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEMO_WECHAT_USERS } from '@server/db/seed/demo';
import { DEV_WECHAT_PREFIX } from '@server/gateways';
import { authorizePage, errorPage, NEW_PERSON } from './authorize-page';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  WECHAT_ERRORS,
  consumeCode,
  findApp,
  issueCode,
  readGrant,
  secretMatches,
  signGrant,
  type StandinApp,
} from './wechat-service';

const text = z.string().optional();
const HTML = 'text/html; charset=utf-8';

/** The page WeChat shows for a broken authorize link, as a 400. */
const refuse = (reply: FastifyReply, problem: string) =>
  reply.status(400).type(HTML).send(errorPage(problem));
const SCOPES = new Set(['snsapi_base', 'snsapi_userinfo', 'snsapi_privateinfo']);

/** Only an absolute http(s) address may receive the code. */
function redirectTarget(raw: string | undefined): URL | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function newPerson() {
  const suffix = randomBytes(4).toString('hex');
  return { openId: `o-demo-new-${suffix}`, nickname: `新微信用户 / New WeChat user ${suffix}` };
}

export default async function wechatStandinRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const secret = app.config.jwtSecret;
  const tags = ['dev'];

  /** Checks what both the page and the consent form carry; an error text for the page when wrong. */
  async function authorizeTarget(
    appid?: string,
    redirectUri?: string,
  ): Promise<{ ok: false; problem: string } | { ok: true; wechatApp: StandinApp; target: URL }> {
    const wechatApp = await findApp(db, appid ?? '');
    if (!wechatApp) return { ok: false, problem: 'appid 参数错误 / The appid is not valid' };
    const target = redirectTarget(redirectUri);
    if (!target) return { ok: false, problem: 'redirect_uri 参数错误 / The redirect_uri is not valid' };
    return { ok: true, wechatApp, target };
  }

  app.get(
    `${DEV_WECHAT_PREFIX}/connect/oauth2/authorize`,
    {
      schema: {
        tags,
        summary: 'Demo WeChat authorize page (pick a demo WeChat user, consent)',
        querystring: z.object({
          appid: text,
          redirect_uri: text,
          response_type: text,
          scope: text,
          state: text,
          agentid: text,
        }),
      },
    },
    async (req, reply) => {
      const q = req.query;
      const checked = await authorizeTarget(q.appid, q.redirect_uri);
      if (!checked.ok) return refuse(reply, checked.problem);
      if (q.response_type !== 'code')
        return refuse(reply, 'response_type 参数错误 / response_type must be code');
      if (q.scope && !SCOPES.has(q.scope)) return refuse(reply, 'scope 参数错误 / The scope is not valid');
      return reply.type(HTML).send(
        authorizePage({
          appid: checked.wechatApp.appId,
          redirectUri: checked.target.toString(),
          scope: q.scope ?? 'snsapi_base',
          state: q.state ?? '',
          tenantName: checked.wechatApp.tenantName,
        }),
      );
    },
  );

  app.post(
    `${DEV_WECHAT_PREFIX}/connect/oauth2/consent`,
    {
      schema: {
        tags,
        summary: 'Consent of the demo authorize page: redirects to redirect_uri with code and state',
        body: z.object({
          appid: text,
          redirect_uri: text,
          scope: text,
          state: text,
          person: text,
          decision: text,
        }),
      },
    },
    async (req, reply) => {
      const b = req.body;
      const checked = await authorizeTarget(b.appid, b.redirect_uri);
      if (!checked.ok) return refuse(reply, checked.problem);
      const { target, wechatApp } = checked;
      // WeChat appends its parameters to the query, before any #fragment of the address.
      if (b.decision === 'allow') {
        const person =
          b.person === NEW_PERSON ? newPerson() : DEMO_WECHAT_USERS.find((p) => p.openId === b.person);
        if (!person) return refuse(reply, '请选择微信用户 / Choose a WeChat user');
        target.searchParams.set('code', await issueCode(db, wechatApp.appId, person));
      }
      target.searchParams.set('state', b.state ?? '');
      return reply.redirect(target.toString(), 302);
    },
  );

  app.get(
    `${DEV_WECHAT_PREFIX}/sns/oauth2/access_token`,
    {
      schema: {
        tags,
        summary: 'Demo WeChat: exchange an official-account code for an access token and open id',
        querystring: z.object({ appid: text, secret: text, code: text, grant_type: text }),
      },
    },
    async (req) => {
      const q = req.query;
      const wechatApp = await findApp(db, q.appid ?? '');
      if (!wechatApp || wechatApp.kind !== 'mp') return WECHAT_ERRORS.invalidAppId;
      if (!secretMatches(wechatApp, q.secret ?? '')) return WECHAT_ERRORS.invalidSecret;
      if (q.grant_type !== 'authorization_code') return WECHAT_ERRORS.invalidGrantType;
      if (!q.code) return WECHAT_ERRORS.missingParam;
      const person = await consumeCode(db, wechatApp.appId, q.code);
      if (!person) return WECHAT_ERRORS.invalidCode;
      return {
        access_token: signGrant(secret, { appId: wechatApp.appId, ...person }),
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
        refresh_token: randomBytes(24).toString('base64url'),
        openid: person.openId,
        scope: 'snsapi_userinfo',
      };
    },
  );

  app.get(
    `${DEV_WECHAT_PREFIX}/sns/userinfo`,
    {
      schema: {
        tags,
        summary: 'Demo WeChat: the profile behind an official-account access token',
        querystring: z.object({ access_token: text, openid: text, lang: text }),
      },
    },
    async (req) => {
      const grant = readGrant(secret, req.query.access_token ?? '');
      if (!grant?.openId) return WECHAT_ERRORS.invalidCredential;
      if (req.query.openid !== grant.openId) return WECHAT_ERRORS.invalidOpenId;
      return {
        openid: grant.openId,
        nickname: grant.nickname ?? '',
        sex: 0,
        language: req.query.lang ?? 'zh_CN',
        city: '',
        province: '',
        country: '',
        headimgurl: '',
        privilege: [],
      };
    },
  );

  app.get(
    `${DEV_WECHAT_PREFIX}/cgi-bin/gettoken`,
    {
      schema: {
        tags,
        summary: 'Demo Enterprise WeChat: the app access token of a corp id + secret',
        querystring: z.object({ corpid: text, corpsecret: text }),
      },
    },
    async (req) => {
      const wechatApp = await findApp(db, req.query.corpid ?? '');
      if (!wechatApp || wechatApp.kind !== 'work') return WECHAT_ERRORS.invalidAppId;
      if (!secretMatches(wechatApp, req.query.corpsecret ?? '')) return WECHAT_ERRORS.invalidCorpSecret;
      return {
        errcode: 0,
        errmsg: 'ok',
        access_token: signGrant(secret, { appId: wechatApp.appId }),
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
      };
    },
  );

  app.get(
    `${DEV_WECHAT_PREFIX}/cgi-bin/auth/getuserinfo`,
    {
      schema: {
        tags,
        summary: 'Demo Enterprise WeChat: who an authorization code belongs to (userid or openid)',
        querystring: z.object({ access_token: text, code: text }),
      },
    },
    async (req) => {
      const grant = readGrant(secret, req.query.access_token ?? '');
      if (!grant || grant.openId) return WECHAT_ERRORS.invalidAccessToken;
      if (!req.query.code) return WECHAT_ERRORS.missingParam;
      const person = await consumeCode(db, grant.appId, req.query.code);
      if (!person) return WECHAT_ERRORS.invalidCode;
      // The listed demo people are members of the school's corp; a new person is an outsider.
      const member = DEMO_WECHAT_USERS.some((p) => p.openId === person.openId);
      return member
        ? { errcode: 0, errmsg: 'ok', userid: person.openId }
        : { errcode: 0, errmsg: 'ok', openid: person.openId };
    },
  );
}
