/**
 * Binding an account to a school identity (spec §4–§5): check-and-send-validate, register-user and
 * bind-user. A WeChat visitor (user id 0) gets a new user linked to their WeChat identity; a
 * signed-in user has their binding replaced. Either way the session now belongs to the bound user
 * and the reply is a fresh token pair. Several users may bind the same person (a student and a
 * parent, each on their own WeChat), but knowing name and ID number is not enough: the second factor
 * is the phone the finance office holds for the person (secondFactor below); without its code the
 * binding waits for the finance office (binding-status.ts) and reads nothing.
 */
import { randomBytes } from 'node:crypto';
import {
  USER_TYPES,
  bindFieldsShown,
  isPhone,
  type BindForm,
  type BindSettings,
  type UserType,
} from '@cf/shared/validation';
import type { BindingSubmitted } from '@cf/shared/wire/admin-users';
import type { BindCodeReply } from '@cf/shared/wire/user';
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { users } from '@server/db/schema';
import { audit } from '@server/http/audit';
import { badRequest, forbidden, unauthorized } from '@server/http/errors';
import { rateLimit } from '@server/http/rate-limit';
import { findOauthLink, findUser, userSubject, VISITOR_ROLE, type OauthLinkRow } from '../auth/subject';
import { attachSessionUser, rotateTokens, type TokenReply } from '../auth/tokens';
import { codeRequester, consumeCode, sendCode } from '../sms/codes';
import { tellOtherAccounts } from './bind-notify';
import {
  assertBindForm,
  heldPhoneOf,
  loadBindSettings,
  resolvePerson,
  sameIdCard,
  sameName,
  type ResolvedPerson,
} from './bind-rules';
import { callerKey, type UserCtx } from './context';
import { maskIdCard, maskPhone } from './mask';
import {
  claimOauthLink,
  findActiveBinders,
  findBinding,
  findOtherUserWithPhone,
  findRolesByAlias,
  insertUserIfFree,
  parseRoleIds,
  updateOwnUser,
  upsertBinding,
  type PersonRef,
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

/** The tenant, the rate limit and the tenant's bind settings: the start of every bind step. */
async function bindSettings(ctx: UserCtx, form: BindFormInput) {
  const { db, auth } = ctx;
  // After sign-in the tenant is the token's; a form naming another one is refused, not obeyed.
  if (form.tenantId && form.tenantId !== auth.tenantId) throw forbidden();
  await rateLimit(db, `bind:${auth.tenantId}:${callerKey(auth)}`, BIND_TRIES, BIND_WINDOW_SECONDS);
  return loadBindSettings(db, auth.tenantId);
}

/** The form's rules, then the one person it names. */
async function checkBindForm(ctx: UserCtx, form: BindFormInput, settings: BindSettings, withCode: boolean) {
  assertBindForm(form, settings, withCode, ctx.lang);
  return resolvePerson(ctx.db, ctx.config, ctx.auth.tenantId, settings, form);
}

/**
 * check-and-send-validate: the form without the code is valid and names a person; the code goes
 * to the phone the finance office holds for that person, whatever phone was typed (the reply
 * names it masked). Without a held phone it goes to the typed phone, which then only proves the
 * binder's own login phone: such a binding waits for the finance office (see bindCaller).
 */
export async function sendBindCode(ctx: UserCtx, form: BindFormInput): Promise<BindCodeReply> {
  const settings = await bindSettings(ctx, form);
  const typedShown = bindFieldsShown(settings, form.userType as UserType).phone;
  const typed = form.phone?.trim() ?? '';
  // Spec §5: where the form shows the phone, an empty or malformed one is refused first.
  if (typedShown && !typed) throw badRequest('validate.phoneEmpty');
  if (typedShown && !isPhone(typed)) throw badRequest('validate.phoneInvalid');
  const person = await checkBindForm(ctx, form, settings, false);
  const held = heldPhoneOf(person);
  const phone = held ?? (typedShown ? typed : null);
  if (!phone) throw badRequest('bind.noPhoneToSend');
  const { id } = await sendCode(ctx.db, ctx.gateways.sms, {
    tenantId: ctx.auth.tenantId,
    phone,
    purpose: 'bind',
    lang: ctx.lang,
    requestedBy: codeRequester(ctx.auth),
  });
  return { id, phoneMasked: maskPhone(phone)!, heldPhone: Boolean(held) };
}

/** The WeChat identity a visitor binds; it must not belong to a user yet. */
async function visitorLink(ctx: UserCtx): Promise<OauthLinkRow> {
  const { auth } = ctx;
  const link = auth.oauthId ? await findOauthLink(ctx.db, auth.tenantId, auth.oauthId) : undefined;
  if (!link) throw badRequest('bind.noOauth');
  if (link.userId) throw badRequest('bind.accountBound');
  return link;
}

/**
 * The user's roles with `alias` (the new user type's role, or the visitor role while a binding
 * waits) in place of any previous type's role.
 */
export async function roleIdsFor(
  db: Db,
  tenantId: string,
  alias: UserType | typeof VISITOR_ROLE,
  current: string,
): Promise<string> {
  const typeRoles = await findRolesByAlias(db, tenantId, [...USER_TYPES, VISITOR_ROLE]);
  const typeRoleIds = new Set(typeRoles.map((r) => r.id));
  const kept = parseRoleIds(current).filter((id) => !typeRoleIds.has(id));
  const role = typeRoles.find((r) => r.roleAlias === alias);
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
  /** The login phone to set: one a code proved, and no other account's. */
  phone: string | null;
  email: string | null;
  roleIds: string;
  status: 'active' | 'pending';
}

/** While the binding waits, the user is not yet of the person's type (and holds the visitor role). */
const boundType = (p: Profile) => (p.status === 'active' ? p.person.userType : null);

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
      userType: boundType(p),
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
    userType: boundType(p),
    realName: p.person.realName,
    roleIds: p.roleIds,
    ...(p.phone ? { phone: p.phone, financePhone: sql`coalesce(${users.financePhone}, ${p.phone})` } : {}),
    ...(p.email ? { email: p.email, financeEmail: sql`coalesce(${users.financeEmail}, ${p.email})` } : {}),
  });
  if (!user) throw unauthorized('auth.tokenInvalid');
  return user;
}

const personRef = (person: ResolvedPerson): PersonRef => ({
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

async function spendCode(ctx: UserCtx, phone: string, form: BindFormInput) {
  if (blank(form.verifyCode)) throw badRequest('validate.verifyCodeRequired');
  // A code typed without the id of the code sent: the page lost it (a reload); a new code is needed.
  if (blank(form.verifyId)) throw badRequest('validate.verifyCodeExpired');
  await consumeCode(ctx.db, {
    tenantId: ctx.auth.tenantId,
    phone,
    verifyId: form.verifyId!.trim(),
    code: form.verifyCode!,
    purpose: 'bind',
    requestedBy: codeRequester(ctx.auth),
  });
}

/**
 * The second factor (docs/decisions.md, "Binding needs the held phone"): a code sent to the phone
 * the finance office holds makes the binding active. Without one (no held phone, or the tenant
 * waives SMS and no code was given) it is pending until the finance office approves it. An identity
 * another account holds actively is bound again only through the held phone's code. A user who
 * already holds the person actively (binding the same person again) keeps it active.
 * Answers the status and the phone a code proved (null if none).
 */
async function secondFactor(
  ctx: UserCtx,
  form: BindFormInput,
  person: ResolvedPerson,
  typedShown: boolean,
  binders: { others: number; caller: boolean },
): Promise<{ status: 'active' | 'pending'; provenPhone: string | null }> {
  const held = heldPhoneOf(person);
  const codeGiven = !blank(form.verifyId);
  const otherBinders = binders.others;
  if (binders.caller && !codeGiven) return { status: 'active', provenPhone: null };
  if (held && (typedShown || codeGiven || otherBinders > 0)) {
    if (!codeGiven && !typedShown) throw badRequest('bind.heldPhoneCodeNeeded', { phone: maskPhone(held)! });
    // Spent last, so a typo elsewhere in the form does not cost the person a new code.
    await spendCode(ctx, held, form);
    return { status: 'active', provenPhone: held };
  }
  if (otherBinders > 0 && !binders.caller) throw badRequest('bind.boundElsewhereNoPhone');
  const status = binders.caller ? 'active' : 'pending';
  if (!typedShown) return { status, provenPhone: null };
  // No held phone: the typed phone's code proves only the binder's own login phone.
  const typed = form.phone!.trim();
  if (await findOtherUserWithPhone(ctx.db, ctx.auth.tenantId, typed, ctx.auth.userId))
    throw badRequest('user.phoneTaken');
  await spendCode(ctx, typed, form);
  return { status, provenPhone: typed };
}

/** The person's number and ID card as the school holds them. */
function heldFacts(person: ResolvedPerson): { personNo: string; idCard: string } {
  if (person.userType === 'student')
    return { personNo: person.student.studentNo, idCard: person.student.idCard };
  if (person.userType === 'employee')
    return { personNo: person.employee.employeeNo, idCard: person.employee.idCard };
  return { personNo: '', idCard: person.other.idCard };
}

/**
 * What the applicant typed, kept with the binding for the finance office's review (issue 25 item 3):
 * each field as given (the ID card masked) and whether it matched the school's record.
 */
function submittedOf(form: BindFormInput, person: ResolvedPerson): BindingSubmitted {
  const typed = (v: string | undefined) => (v ?? '').trim();
  const held = heldFacts(person);
  const heldPhone = heldPhoneOf(person);
  const code = typed(form.code);
  const idCard = typed(form.idCard);
  const phone = typed(form.phone);
  return {
    userType: person.userType,
    realName: typed(form.realName),
    personNo: code,
    idCardMasked: idCard ? (maskIdCard(idCard) ?? '') : '',
    phone,
    email: typed(form.email),
    matched: {
      realName: typed(form.realName) ? sameName(person.realName, form.realName) : null,
      personNo: code && held.personNo ? code === held.personNo : null,
      idCard: idCard ? sameIdCard(held.idCard, idCard) : null,
      phone: phone && heldPhone ? phone === heldPhone : null,
    },
  };
}

/** register-user and bind-user: binds the caller and answers a token pair for the new state. */
export async function bindCaller(
  ctx: UserCtx,
  form: BindFormInput,
  action: 'register' | 'bind',
): Promise<TokenReply> {
  const { db, config, auth } = ctx;
  const tenantId = auth.tenantId;
  if (form.oauthId && form.oauthId !== String(auth.oauthId ?? '')) throw forbidden();
  const settings = await bindSettings(ctx, form);
  const person = await checkBindForm(ctx, form, settings, true);
  const shown = bindFieldsShown(settings, person.userType);
  // An e-mail counts only when the tenant's form shows it.
  const email = shown.email && !blank(form.email) ? form.email!.trim() : null;

  const visitor = auth.userId > 0 ? null : await visitorLink(ctx);
  const current = visitor ? undefined : await findUser(db, tenantId, auth.userId);
  if (!visitor && !current) throw unauthorized('auth.tokenInvalid');
  const ref = personRef(person);
  const otherBinders = await findActiveBinders(db, tenantId, ref, auth.userId);
  const own = current ? await findBinding(db, tenantId, current.id) : undefined;
  const holdsAlready =
    own?.status === 'active' &&
    own.studentId === ref.studentId &&
    own.employeeId === ref.employeeId &&
    own.otherId === ref.otherId;
  const { status, provenPhone } = await secondFactor(ctx, form, person, shown.phone, {
    others: otherBinders.length,
    caller: holdsAlready,
  });
  // A proven phone becomes the login phone unless another account already signs in with it.
  const phone =
    provenPhone && !(await findOtherUserWithPhone(db, tenantId, provenPhone, auth.userId))
      ? provenPhone
      : null;
  const roleAlias = status === 'active' ? person.userType : VISITOR_ROLE;
  const roleIds = await roleIdsFor(db, tenantId, roleAlias, current?.roleIds ?? '');
  const profile: Profile = { person, phone, email, roleIds, status };

  const reply = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const user = visitor
      ? await createVisitorUser(tx, tenantId, visitor, profile)
      : await rebindUser(tx, tenantId, auth.userId, profile);
    await upsertBinding(tx, {
      tenantId,
      userId: user.id,
      userType: person.userType,
      ...ref,
      status,
      submitted: submittedOf(form, person),
    });
    await attachSessionUser(tx, auth.sessionId, user.id, boundType(profile));
    await audit(tx, ctx.req, {
      tenantId,
      userId: user.id,
      action: `user.${action}`,
      detail: {
        userType: person.userType,
        person: personNumber(person),
        status,
        previousUserType: current?.userType ?? null,
        oauthId: visitor?.id ?? null,
        otherAccounts: otherBinders.map((b) => b.id),
      },
    });
    return {
      account: user.account,
      tokens: await rotateTokens(tx, config, auth.sessionId, await userSubject(tx, user, auth.oauthId)),
    };
  });
  if (otherBinders.length > 0 && !holdsAlready)
    await tellOtherAccounts(ctx, {
      heldPhone: heldPhoneOf(person),
      name: person.realName,
      newAccount: reply.account,
      accounts: otherBinders,
    });
  return reply.tokens;
}
