/**
 * Who may open an order's cashier, pay it and poll it: its creator (signed in), or anyone holding
 * a valid pay link for it (header Pay-Auth-Token, query payAuthToken, or payAuthToken in the prepay
 * body as the OpenAPI document offers it). With a link, a sign-in is
 * optional; when present it names the payer.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '@server/db/client';
import { oauthLinks, users } from '@server/db/schema';
import { bearerToken } from '@server/modules/auth/guard';
import type { AuthContext } from '@server/http/context';
import { AppError, forbidden, notFound, unauthorized } from '@server/http/errors';
import { verifyAccessToken } from '@server/modules/auth/tokens';
import type { OrderRow, Payer } from '@server/modules/order/pay-status';
import { verifyPayLink } from './pay-link';
import { findOrderByNo, findOrderInTenant } from '@server/modules/pay/repo';

export interface PayAccess {
  order: OrderRow;
  /** The signed-in caller of the order's tenant, if any. */
  auth: AuthContext | null;
  viaLink: boolean;
}

export function payLinkOf(req: FastifyRequest): string | undefined {
  const header = req.headers['pay-auth-token'];
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.payAuthToken;
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : undefined;
  const token = (Array.isArray(header) ? header[0] : header) ?? fromQuery ?? body?.payAuthToken;
  return typeof token === 'string' && token.trim() !== '' ? token.trim() : undefined;
}

export function isCreator(order: OrderRow, auth: AuthContext): boolean {
  if (order.tenantId !== auth.tenantId) return false;
  if (order.userId !== null && order.userId > 0) return order.userId === auth.userId;
  return order.oauthId !== null && order.oauthId === auth.oauthId;
}

export async function resolvePayAccess(req: FastifyRequest, orderNo: string): Promise<PayAccess> {
  const { db, config } = req.server;
  const bearer = bearerToken(req);
  const auth = bearer ? await verifyAccessToken(db, config, bearer) : null;
  const link = payLinkOf(req);

  if (link) {
    const claims = await verifyPayLink(config, link);
    // 403, not 401: the holder is not signed out, the link is just no good; the app says why.
    if (!claims || claims.orderNo !== orderNo) throw new AppError(403, 'pay.linkInvalid');
    const order = await findOrderInTenant(db, claims.tenantId, claims.orderId);
    if (!order) throw notFound('pay.orderNotFound');
    // A sign-in of another tenant says nothing about this order's payer.
    return { order, auth: auth?.tenantId === order.tenantId ? auth : null, viaLink: true };
  }

  if (!bearer) throw unauthorized('auth.unauthorized');
  if (!auth) throw unauthorized('auth.tokenInvalid');
  const order = await findOrderByNo(db, auth.tenantId, orderNo);
  if (!order) throw notFound('pay.orderNotFound');
  if (!isCreator(order, auth)) throw forbidden('pay.forbidden');
  return { order, auth, viaLink: false };
}

/** The payer as the order records it: the signed-in user, or the WeChat visitor, or nobody known. */
export async function payerOf(db: Db, auth: AuthContext | null): Promise<Payer | undefined> {
  if (!auth) return undefined;
  if (auth.userId > 0) {
    const [user] = await db
      .select({ realName: users.realName, nickName: users.nickName, account: users.account })
      .from(users)
      .where(and(eq(users.tenantId, auth.tenantId), eq(users.id, auth.userId)));
    const name = user ? user.realName || user.nickName || user.account : '';
    return { userId: auth.userId, oauthId: auth.oauthId, name };
  }
  if (auth.oauthId) {
    const [link] = await db
      .select({ nickname: oauthLinks.nickname })
      .from(oauthLinks)
      .where(and(eq(oauthLinks.tenantId, auth.tenantId), eq(oauthLinks.id, auth.oauthId)));
    return { userId: null, oauthId: auth.oauthId, name: link?.nickname ?? '' };
  }
  return undefined;
}
