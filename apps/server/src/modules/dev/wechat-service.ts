/**
 * State and rules of the WeChat OAuth stand-in (demo mode): which app ids exist (the tenants'),
 * one-time 5-minute codes, and access tokens that carry what they grant, signed so they cannot
 * be made up. Errors are WeChat's own errcodes.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { devOauthCodes, tenants } from '@server/db/schema';

export const CODE_TTL_SECONDS = 300;
export const ACCESS_TOKEN_TTL_SECONDS = 7200;

/** WeChat's error replies the stand-in uses (same numbers and texts as the real service). */
export const WECHAT_ERRORS = {
  invalidCredential: { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' },
  invalidGrantType: { errcode: 40002, errmsg: 'invalid grant_type' },
  invalidOpenId: { errcode: 40003, errmsg: 'invalid openid' },
  invalidAppId: { errcode: 40013, errmsg: 'invalid appid' },
  invalidAccessToken: { errcode: 40014, errmsg: 'invalid access_token' },
  invalidCode: { errcode: 40029, errmsg: 'invalid code' },
  invalidSecret: { errcode: 40125, errmsg: 'invalid appsecret' },
  /** Enterprise WeChat answers a wrong corpsecret with 40001. */
  invalidCorpSecret: { errcode: 40001, errmsg: 'invalid credential' },
  missingParam: { errcode: 41008, errmsg: 'missing code' },
} as const;

export interface StandinApp {
  kind: 'mp' | 'work';
  appId: string;
  secret: string | null;
  tenantName: string;
}

/** The official-account app or enterprise corp that a tenant configured under this id. */
export async function findApp(db: Db, appId: string): Promise<StandinApp | undefined> {
  if (!appId) return undefined;
  const [row] = await db
    .select()
    .from(tenants)
    .where(or(eq(tenants.wechatMpAppId, appId), eq(tenants.wechatWorkCorpId, appId)));
  if (!row) return undefined;
  return row.wechatMpAppId === appId
    ? { kind: 'mp', appId, secret: row.wechatMpSecret, tenantName: row.tenantName }
    : { kind: 'work', appId, secret: row.wechatWorkSecret, tenantName: row.tenantName };
}

export function secretMatches(app: StandinApp, secret: string): boolean {
  if (!app.secret) return false;
  const a = Buffer.from(app.secret);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function issueCode(
  db: Db,
  appId: string,
  person: { openId: string; nickname: string },
): Promise<string> {
  const code = randomBytes(16).toString('hex');
  await db.insert(devOauthCodes).values({
    code,
    appId,
    openId: person.openId,
    nickname: person.nickname,
    expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
  });
  return code;
}

/** Uses a code once; undefined when unknown, for another app, used or expired (WeChat: 40029). */
export async function consumeCode(db: Db, appId: string, code: string) {
  const [row] = await db
    .update(devOauthCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(devOauthCodes.code, code),
        eq(devOauthCodes.appId, appId),
        isNull(devOauthCodes.usedAt),
        sql`${devOauthCodes.expiresAt} > now()`,
      ),
    )
    .returning({ openId: devOauthCodes.openId, nickname: devOauthCodes.nickname });
  return row;
}

export interface StandinGrant {
  appId: string;
  /** Present for a person's token (sns), absent for an enterprise app token (gettoken). */
  openId?: string;
  nickname?: string;
  exp: number;
}

const signingKey = (secret: string) => createHmac('sha256', secret).update('dev-wechat-standin').digest();

export function signGrant(secret: string, grant: Omit<StandinGrant, 'exp'>): string {
  const body = Buffer.from(
    JSON.stringify({ ...grant, exp: Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS }),
  ).toString('base64url');
  const mac = createHmac('sha256', signingKey(secret)).update(body).digest('base64url');
  return `${body}.${mac}`;
}

export function readGrant(secret: string, token: string): StandinGrant | undefined {
  const [body, mac] = token.split('.');
  if (!body || !mac) return undefined;
  const expected = createHmac('sha256', signingKey(secret)).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StandinGrant;
  return grant.exp > Date.now() / 1000 ? grant : undefined;
}
