/**
 * WeChat official account template messages, the real protocol: POST cgi-bin/message/template/send
 * with the access token of POST cgi-bin/stable_token. The token is kept in PostgreSQL (wechat_tokens)
 * and shared by every API process: a process that finds it missing or about to expire takes the row's
 * refresh lease (one conditional UPDATE), asks WeChat and writes it; the others wait for that token
 * rather than asking too (WeChat limits token requests a day). A reply of 40001 / 42001 (token invalid
 * or expired) refreshes once — force_refresh only when the stored token is the one that failed — and
 * sends again. Errors are answered, not thrown, so the job can decide (43004: SMS; 47003: failed).
 * In demo mode the same adapter talks to the app's own stand-in (modules/dev/wechat-message-routes.ts).
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { wechatTokens } from '../db/schema-notify';
import type { FetchLike, WechatAppCredentials } from './types';

/** Enterprise WeChat: the person is not reachable by the agent (user & party & tag all invalid, or listed in invaliduser). */
export const WORK_NOT_REACHABLE = 81013;

/** A token this close to expiry is refreshed before use. */
export const TOKEN_REFRESH_MARGIN_SECONDS = 300;
const REFRESH_LEASE_SECONDS = 15;
const WAIT_STEP_MS = 100;

/** WeChat's codes a send may answer, named as its documentation does. */
export const WECHAT_SEND_ERRORS = {
  invalidCredential: 40001,
  accessTokenExpired: 42001,
  /** The person does not follow the official account (需要接收者关注): not retried; another channel. */
  notFollowing: 43004,
  /** Bad arguments (参数错误, e.g. a data field too long or missing): not retried. */
  argumentInvalid: 47003,
} as const;

export interface TemplateMessage {
  toUser: string;
  templateId: string;
  /** The page the message opens (the app's screen). */
  url?: string;
  data: Record<string, { value: string }>;
  /** WeChat's de-duplication id: a second send with the same id is not delivered again. */
  clientMsgId: string;
}

export type TemplateSendResult = { ok: true; msgId: string } | { ok: false; errcode: number; errmsg: string };

/** Enterprise WeChat: the agent app that sends (corp id, agent id, its secret). */
export interface WorkAgent {
  corpId: string;
  agentId: string;
  secret: string;
}

/** An Enterprise WeChat text card (cgi-bin/message/send, msgtype textcard). */
export interface TextCardMessage {
  toUser: string;
  title: string;
  description: string;
  url: string;
}

export interface WechatMessageGateway {
  sendTemplate(app: WechatAppCredentials, message: TemplateMessage): Promise<TemplateSendResult>;
  /** Enterprise WeChat; the token (cgi-bin/gettoken) is shared as the official account's is. */
  sendTextCard(agent: WorkAgent, message: TextCardMessage): Promise<TemplateSendResult>;
}

export class WechatApiError extends Error {
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    super(`WeChat error ${errcode}: ${errmsg}`);
  }
}

async function postJson(fetchFn: FetchLike, url: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetchFn(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`WeChat answered HTTP ${res.status}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function getJson(fetchFn: FetchLike, url: string): Promise<Record<string, unknown>> {
  const res = await fetchFn(url, { method: 'GET' });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`WeChat answered HTTP ${res.status}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Enterprise WeChat's codes of a bad or expired token. */
const WORK_TOKEN_ERRORS = new Set([40014, 42001]);
/** Enterprise WeChat refuses the same text card to the same person again within this (its duplicate check). */
const WORK_DUPLICATE_CHECK_SECONDS = 4 * 3600;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function wechatMessages(
  db: Db,
  fetchFn: FetchLike,
  urls: { readonly apiUrl: string; readonly workApiUrl?: string },
): WechatMessageGateway {
  /** The stored token when fresh and not the one that just failed. */
  async function stored(appId: string, failed?: string): Promise<string | undefined> {
    const [row] = await db
      .select({ token: wechatTokens.accessToken })
      .from(wechatTokens)
      .where(
        and(
          eq(wechatTokens.appId, appId),
          sql`${wechatTokens.expiresAt} > now() + make_interval(secs => ${TOKEN_REFRESH_MARGIN_SECONDS})`,
        ),
      );
    return row?.token && row.token !== failed ? row.token : undefined;
  }

  /** Asks WeChat for a token: stable_token (official account) or gettoken (Enterprise WeChat). */
  type Ask = (force: boolean) => Promise<Record<string, unknown>>;
  const askOfficial =
    (app: WechatAppCredentials): Ask =>
    (force) =>
      postJson(fetchFn, `${urls.apiUrl}/cgi-bin/stable_token`, {
        grant_type: 'client_credential',
        appid: app.appId,
        secret: app.secret,
        force_refresh: force,
      });
  const askWork =
    (agent: WorkAgent): Ask =>
    () =>
      getJson(
        fetchFn,
        `${urls.workApiUrl ?? urls.apiUrl}/cgi-bin/gettoken?corpid=${encodeURIComponent(agent.corpId)}&corpsecret=${encodeURIComponent(agent.secret)}`,
      );

  async function refresh(app: { appId: string; ask: Ask }, failed?: string): Promise<string> {
    const [current] = await db
      .select({ token: wechatTokens.accessToken })
      .from(wechatTokens)
      .where(eq(wechatTokens.appId, app.appId));
    // Forced only when the token WeChat refused is still the stored one (nobody refreshed it yet).
    const res = await app.ask(failed !== undefined && current?.token === failed);
    const errcode = Number(res.errcode ?? 0);
    if (errcode !== 0 || typeof res.access_token !== 'string') {
      throw new WechatApiError(errcode, String(res.errmsg ?? 'no access_token'));
    }
    const expiresIn = Number(res.expires_in ?? 7200);
    await db
      .update(wechatTokens)
      .set({
        accessToken: res.access_token,
        expiresAt: sql`now() + make_interval(secs => ${expiresIn})`,
        refreshedAt: sql`now()`,
        refreshLeaseUntil: null,
      })
      .where(eq(wechatTokens.appId, app.appId));
    return res.access_token;
  }

  /** A fresh token: the stored one, or one this process or another is refreshing right now. */
  async function token(app: { appId: string; ask: Ask }, failed?: string): Promise<string> {
    const deadline = Date.now() + REFRESH_LEASE_SECONDS * 1000;
    for (;;) {
      const have = await stored(app.appId, failed);
      if (have) return have;
      await db.insert(wechatTokens).values({ appId: app.appId }).onConflictDoNothing();
      const [lease] = await db
        .update(wechatTokens)
        .set({ refreshLeaseUntil: sql`now() + make_interval(secs => ${REFRESH_LEASE_SECONDS})` })
        .where(
          and(
            eq(wechatTokens.appId, app.appId),
            or(isNull(wechatTokens.refreshLeaseUntil), lt(wechatTokens.refreshLeaseUntil, sql`now()`)),
          ),
        )
        .returning({ appId: wechatTokens.appId });
      if (lease) {
        try {
          return await refresh(app, failed);
        } catch (err) {
          await db
            .update(wechatTokens)
            .set({ refreshLeaseUntil: null })
            .where(eq(wechatTokens.appId, app.appId));
          throw err;
        }
      }
      if (Date.now() > deadline) throw new Error('WeChat access token: another process is still refreshing');
      await sleep(WAIT_STEP_MS);
    }
  }

  async function send(accessToken: string, message: TemplateMessage): Promise<Record<string, unknown>> {
    return postJson(
      fetchFn,
      `${urls.apiUrl}/cgi-bin/message/template/send?access_token=${encodeURIComponent(accessToken)}`,
      {
        touser: message.toUser,
        template_id: message.templateId,
        ...(message.url ? { url: message.url } : {}),
        data: message.data,
        client_msg_id: message.clientMsgId,
      },
    );
  }

  return {
    async sendTemplate(credentials, message) {
      const app = { appId: credentials.appId, ask: askOfficial(credentials) };
      let accessToken = await token(app);
      let res = await send(accessToken, message);
      let errcode = Number(res.errcode ?? 0);
      if (
        errcode === WECHAT_SEND_ERRORS.invalidCredential ||
        errcode === WECHAT_SEND_ERRORS.accessTokenExpired
      ) {
        accessToken = await token(app, accessToken);
        res = await send(accessToken, message);
        errcode = Number(res.errcode ?? 0);
      }
      if (errcode !== 0) return { ok: false, errcode, errmsg: String(res.errmsg ?? '') };
      return { ok: true, msgId: String(res.msgid ?? '') };
    },
    async sendTextCard(agent, message) {
      const app = { appId: `wxwork:${agent.corpId}:${agent.agentId}`, ask: askWork(agent) };
      const post = (accessToken: string) =>
        postJson(
          fetchFn,
          `${urls.workApiUrl ?? urls.apiUrl}/cgi-bin/message/send?access_token=${encodeURIComponent(accessToken)}`,
          {
            touser: message.toUser,
            msgtype: 'textcard',
            agentid: Number(agent.agentId),
            textcard: { title: message.title, description: message.description, url: message.url },
            // A resend after a takeover is the same card to the same person: not delivered twice.
            enable_duplicate_check: 1,
            duplicate_check_interval: WORK_DUPLICATE_CHECK_SECONDS,
          },
        );
      let accessToken = await token(app);
      let res = await post(accessToken);
      let errcode = Number(res.errcode ?? 0);
      if (WORK_TOKEN_ERRORS.has(errcode)) {
        accessToken = await token(app, accessToken);
        res = await post(accessToken);
        errcode = Number(res.errcode ?? 0);
      }
      if (errcode !== 0) return { ok: false, errcode, errmsg: String(res.errmsg ?? '') };
      // Delivered to nobody: the person is not a member the agent may reach.
      if (typeof res.invaliduser === 'string' && res.invaliduser !== '') {
        return { ok: false, errcode: WORK_NOT_REACHABLE, errmsg: `invaliduser ${res.invaliduser}` };
      }
      return { ok: true, msgId: String(res.msgid ?? '') };
    },
  };
}
