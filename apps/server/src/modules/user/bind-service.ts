/**
 * Binding an account to a school identity (spec §4–§5): check-and-send-validate, register-user and
 * bind-user. A WeChat visitor (user id 0) gets a new user linked to their WeChat identity; a
 * signed-in user has their binding replaced. Either way the session now belongs to the bound user
 * and the reply is a fresh token pair. Several users may bind the same person (a student and a
 * parent, each on their own WeChat): bindings are unique per user, not per person.
 */
import { randomBytes } from 'node:crypto';
import { USER_TYPES, bindFieldsShown, isPhone, type BindForm, type UserType } from '@cf/shared/validation';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { audit } from '../../http/audit';
import { badRequest, forbidden, unauthorized } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { findOauthLink, findUser, userSubject, VISITOR_ROLE, type OauthLinkRow } from '../auth/subject';
import { attachSessionUser, rotateTokens, type TokenReply } from '../auth/tokens';
import { consumeCode, sendCode } from '../sms/codes';
import { assertBindForm, loadBindSettings, resolvePerson, type ResolvedPerson } from './bind-rules';
import { callerKey, type UserCtx } from './context';
import {
  claimOauthLink,
  findOtherUserWithPhone,
  findRolesByAlias,
  insertUserIfFree,
  parseRoleIds,
  updateOwnUser,
  upsertBinding,
  type UserRow,
} from './repo';

export interface BindFormInput extends BindForm {
  /** register-user names the WeChat identity it binds; it must be the caller's own. */
  oauthId?: string;
}

/** Lookups of people per caller in the window below (binding, code sending): stops enumeration. */
const BIND_TRIES = 20;
const BIND_WINDOW_SECONDS = 10 * 60;
const ACCOUNT_NAME_TRIES = 5;

const blank = (v: string | undefined) => v === undefined || v.trim() === '';

/** Shared first half of sending a code and binding: tenant, rate limit, form rules, the person. */
async function checkBindForm(ctx: UserCtx, form: BindFormInput, withCode: boolean) {
  const { db, config, auth } = ctx;
  // After sign-in the tenant is the token's; a form naming another one is refused, not obeyed.
  if (form.tenantId && form.tenantId !== auth.tenantId) throw forbidden();
  await rateLimit(db, `bind:${auth.tenantId}:${callerKey(auth)}`, BIND_TRIES, BIND_WINDOW_SECONDS);
  const settings = await loadBindSettings(db, auth.tenantId);
  assertBindForm(form, settings, withCode, ctx.lang);
  const person = await resolvePerson(db, config, auth.tenantId, settings, form);
  return { settings, person };
}

/** check-and-send-validate: the form without the code is valid and names a person; send the code. */
export async function sendBindCode(ctx: UserCtx, form: BindFormInput): Promise<{ id: string }> {
  // The code goes to this phone whatever the tenant's form shows, so it is checked first.
  const phone = form.phone?.trim() ?? '';
  if (!phone) throw badRequest('validate.phoneEmpty');
  if (!isPhone(phone)) throw badRequest('validate.phoneInvalid');
  await checkBindForm(ctx, form, false);
  return sendCode(ctx.db, ctx.gateways.sms, {
    tenantId: ctx.auth.tenantId,
    phone,
    purpose: 'bind',
    lang: ctx.lang,
  });
}

/** The WeChat identity a visitor binds; it must not belong to a user yet. */
async function visitorLink(ctx: UserCtx): Promise<OauthLinkRow> {
  const { auth } = ctx;
  const link = auth.oauthId ? await findOauthLink(ctx.db, auth.tenantId, auth.oauthId) : undefined;
  if (!link) throw badRequest('bind.noOauth');
  if (link.userId) throw badRequest('bind.accountBound');
  return link;
}

/** The user's roles with the role of the new user type in place of any previous type's role. */
async function roleIdsFor(db: Db, tenantId: string, userType: UserType, current: string): Promise<string> {
  const typeRoles = await findRolesByAlias(db, tenantId, [...USER_TYPES, VISITOR_ROLE]);
  const typeRoleIds = new Set(typeRoles.map((r) => r.id));
  const kept = parseRoleIds(current).filter((id) => !typeRoleIds.has(id));
  const role = typeRoles.find((r) => r.roleAlias === userType);
  return [...kept, ...(role ? [role.id] : [])].join(',');
}

/** wx_<open id prefix>, with a random suffix when that account name is taken. */
function accountName(link: OauthLinkRow, attempt: number): string {
  const prefix = link.source === 'wxwork' ? 'ww' : 'wx';
  const base = `${prefix}_${link.openId.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 20)}`;
  return attempt === 0 ? base : `${base}_${randomBytes(3).toString('hex')}`;
}

interface Profile {
  person: ResolvedPerson;
  phone: string | null;
  email: string | null;
  roleIds: string;
}

async function createVisitorUser(tx: Db, tenantId: string, link: OauthLinkRow, p: Profile): Promise<UserRow> {
  for (let attempt = 0; attempt < ACCOUNT_NAME_TRIES; attempt++) {
    const user = await insertUserIfFree(tx, {
      tenantId,
      account: accountName(link, attempt),
      phone: p.phone,
      email: p.email,
      realName: p.person.realName,
      nickName: link.nickname || p.person.realName,
      avatar: link.avatar,
      userType: p.person.userType,
      roleIds: p.roleIds,
      financePhone: p.phone,
      financeEmail: p.email,
    });
    if (user) {
      // Conditional: of two registrations racing for one WeChat identity, one wins, one rolls back.
      if (!(await claimOauthLink(tx, tenantId, link.id, user.id))) throw badRequest('bind.accountBound');
      return user;
    }
    if (p.phone && (await findOtherUserWithPhone(tx, tenantId, p.phone, 0)))
      throw badRequest('user.phoneTaken');
  }
  throw new Error(`no free account name for oauth link ${link.id}`);
}

async function rebindUser(tx: Db, tenantId: string, userId: number, p: Profile): Promise<UserRow> {
  const user = await updateOwnUser(tx, tenantId, userId, {
    userType: p.person.userType,
    realName: p.person.realName,
    roleIds: p.roleIds,
    ...(p.phone ? { phone: p.phone, financePhone: sql`coalesce(${users.financePhone}, ${p.phone})` } : {}),
    ...(p.email ? { email: p.email, financeEmail: sql`coalesce(${users.financeEmail}, ${p.email})` } : {}),
  });
  if (!user) throw unauthorized('auth.tokenInvalid');
  return user;
}

const personRef = (person: ResolvedPerson) => ({
  studentId: person.userType === 'student' ? person.student.id : null,
  employeeId: person.userType === 'employee' ? person.employee.id : null,
  otherId: person.userType === 'other' ? person.other.id : null,
});

const personNumber = (person: ResolvedPerson) =>
  person.userType === 'student'
    ? person.student.studentNo
    : person.userType === 'employee'
      ? person.employee.employeeNo
      : `other#${person.other.id}`;

/** register-user and bind-user: binds the caller and answers a token pair for the new state. */
export async function bindCaller(
  ctx: UserCtx,
  form: BindFormInput,
  action: 'register' | 'bind',
): Promise<TokenReply> {
  const { db, config, auth } = ctx;
  const tenantId = auth.tenantId;
  if (form.oauthId && form.oauthId !== String(auth.oauthId ?? '')) throw forbidden();
  const { settings, person } = await checkBindForm(ctx, form, true);
  const shown = bindFieldsShown(settings, person.userType);
  // A phone counts only when verified by SMS; an e-mail only when the tenant's form shows it.
  const phone = shown.phone ? form.phone!.trim() : null;
  const email = shown.email && !blank(form.email) ? form.email!.trim() : null;

  const visitor = auth.userId > 0 ? null : await visitorLink(ctx);
  const current = visitor ? undefined : await findUser(db, tenantId, auth.userId);
  if (!visitor && !current) throw unauthorized('auth.tokenInvalid');
  if (phone && (await findOtherUserWithPhone(db, tenantId, phone, auth.userId)))
    throw badRequest('user.phoneTaken');
  // Spent last, so a typo elsewhere in the form does not cost the person a new code.
  if (phone) {
    if (blank(form.verifyId)) throw badRequest('validate.verifyCodeRequired');
    await consumeCode(db, {
      tenantId,
      phone,
      verifyId: form.verifyId!.trim(),
      code: form.verifyCode!,
      purpose: 'bind',
    });
  }
  const roleIds = await roleIdsFor(db, tenantId, person.userType, current?.roleIds ?? '');
  const profile: Profile = { person, phone, email, roleIds };

  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const user = visitor
      ? await createVisitorUser(tx, tenantId, visitor, profile)
      : await rebindUser(tx, tenantId, auth.userId, profile);
    await upsertBinding(tx, { tenantId, userId: user.id, userType: person.userType, ...personRef(person) });
    await attachSessionUser(tx, auth.sessionId, user.id, person.userType);
    await audit(tx, ctx.req, {
      tenantId,
      userId: user.id,
      action: `user.${action}`,
      detail: {
        userType: person.userType,
        person: personNumber(person),
        previousUserType: current?.userType ?? null,
        oauthId: visitor?.id ?? null,
      },
    });
    return rotateTokens(tx, config, auth.sessionId, await userSubject(tx, user, auth.oauthId));
  });
}
