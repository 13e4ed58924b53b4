/**
 * The one schema of the platform (Drizzle). Every table of tenant data carries tenant_id and
 * every query of it filters by the caller's tenant. Migrations in ./migrations create exactly this.
 */
import type { BindingSubmitted } from '@cf/shared/wire/admin-users';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Columns every table of tenant data shares (schema-finance.ts uses them too). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const tenantId = () => varchar('tenant_id', { length: 6 }).notNull();

export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  tenantId: varchar('tenant_id', { length: 6 }).notNull().unique(),
  tenantName: text('tenant_name').notNull(),
  tenantNameEn: text('tenant_name_en'),
  /** 1 enabled, 0 disabled. */
  status: smallint('status').notNull().default(1),
  expireTime: timestamp('expire_time', { withTimezone: true }),
  /** A JSON list or a comma-separated string, kept as the school stored it. */
  mobileModules: jsonb('mobile_modules').$type<string[] | string>(),
  wechatMpAppId: text('wechat_mp_app_id'),
  wechatMpSecret: text('wechat_mp_secret'),
  wechatWorkCorpId: text('wechat_work_corp_id'),
  wechatWorkAgentId: text('wechat_work_agent_id'),
  wechatWorkSecret: text('wechat_work_secret'),
  createdAt: createdAt(),
});

export const params = pgTable(
  'params',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    paramType: text('param_type').notNull().default('system'),
    paramKey: text('param_key').notNull(),
    paramValue: text('param_value').notNull(),
    paramName: text('param_name'),
  },
  (t) => [uniqueIndex('params_tenant_key').on(t.tenantId, t.paramKey)],
);

export const dicts = pgTable(
  'dicts',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    dictKey: text('dict_key').notNull(),
    dictValue: text('dict_value').notNull(),
    remark: text('remark'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('dicts_tenant_code_key').on(t.tenantId, t.code, t.dictKey)],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    roleAlias: text('role_alias').notNull(),
    roleName: text('role_name').notNull(),
  },
  (t) => [uniqueIndex('roles_tenant_alias').on(t.tenantId, t.roleAlias)],
);

/** Menus and buttons are one tree; category 1 is a menu, 2 a button. */
export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  category: smallint('category').notNull().default(2),
  path: text('path'),
  sort: integer('sort').notNull().default(0),
});

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id').notNull(),
    menuId: integer('menu_id').notNull(),
  },
  (t) => [uniqueIndex('role_menus_pk').on(t.roleId, t.menuId)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    account: text('account').notNull(),
    phone: text('phone'),
    email: text('email'),
    realName: text('real_name').notNull().default(''),
    nickName: text('nick_name').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** student | employee | other, once bound; null before. */
    userType: text('user_type'),
    /** 1 normal, 0 disabled. */
    status: smallint('status').notNull().default(1),
    /** argon2id of the MD5 hex, or a legacy BladeX sha1 hex of it (upgraded at the next login). */
    passwordHash: text('password_hash'),
    roleIds: text('role_ids').notNull().default(''),
    /** What the finance office holds for the person (spec: change bank card, phone, e-mail). */
    financePhone: text('finance_phone'),
    financeEmail: text('finance_email'),
    bankCard: text('bank_card'),
    bankName: text('bank_name'),
    bankProvince: text('bank_province'),
    bankCity: text('bank_city'),
    /**
     * When the phone verify-phone texts (finance phone, else login phone) last changed; null when
     * never changed since the account was made. Bank card and e-mail need a phone held 24 hours.
     */
    phoneChangedAt: timestamp('phone_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_tenant_account').on(t.tenantId, t.account),
    uniqueIndex('users_tenant_phone').on(t.tenantId, t.phone),
    // The people search by a held phone, the audit search by a part of the actor's login or name.
    index('users_tenant_finance_phone').on(t.tenantId, t.financePhone),
    index('users_account_trgm').using('gin', t.account.op('gin_trgm_ops')),
    index('users_real_name_pairs').using('gin', sql`cf_char_pairs(${t.realName}) gin_trgm_ops`),
  ],
);

export const oauthLinks = pgTable(
  'oauth_links',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    source: text('source').notNull(),
    openId: text('open_id').notNull(),
    unionId: text('union_id'),
    userId: integer('user_id'),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oauth_links_source_open').on(t.tenantId, t.source, t.openId)],
);

export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    studentNo: text('student_no').notNull(),
    studentName: text('student_name').notNull(),
    idType: smallint('id_type').notNull().default(1),
    idCard: text('id_card').notNull(),
    startYear: integer('start_year'),
    major: text('major'),
    className: text('class_name'),
    /** 学院: the fee reminders' filter (modules/reminder); set by the people import. */
    college: text('college'),
    phone: text('phone'),
  },
  (t) => [
    uniqueIndex('students_tenant_no').on(t.tenantId, t.studentNo),
    index('students_tenant_id_card').on(t.tenantId, t.idCard),
    index('students_tenant_phone').on(t.tenantId, t.phone),
    index('students_name_pairs').using('gin', sql`cf_char_pairs(${t.studentName}) gin_trgm_ops`),
  ],
);

export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    employeeNo: text('employee_no').notNull(),
    employeeName: text('employee_name').notNull(),
    idCard: text('id_card').notNull(),
    /** Employee rule 1: argon2id of the MD5 hex of the staff password. */
    passwordHash: text('password_hash'),
    phone: text('phone'),
    department: text('department'),
  },
  (t) => [
    uniqueIndex('employees_tenant_no').on(t.tenantId, t.employeeNo),
    index('employees_tenant_id_card').on(t.tenantId, t.idCard),
    index('employees_tenant_phone').on(t.tenantId, t.phone),
    index('employees_name_pairs').using('gin', sql`cf_char_pairs(${t.employeeName}) gin_trgm_ops`),
  ],
);

export const otherPeople = pgTable(
  'other_people',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    idType: smallint('id_type').notNull().default(1),
    idCard: text('id_card').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
  },
  (t) => [uniqueIndex('other_people_tenant_id').on(t.tenantId, t.idType, t.idCard)],
);

/** A user's binding to one person the school knows; one binding per user. */
export const userBindings = pgTable(
  'user_bindings',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    userType: text('user_type').notNull(),
    studentId: integer('student_id'),
    employeeId: integer('employee_id'),
    otherId: integer('other_id'),
    /**
     * active (reads the person's data) | pending (waits for the finance office; reads nothing) |
     * refused. Transitions: modules/user/binding-status.ts.
     */
    status: text('status').notNull().default('active'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
    decisionNote: text('decision_note'),
    /**
     * What the applicant typed on the bind form, for the finance office's review: the fields as given
     * (the ID card masked) and whether each matched the school's record (bind-service.ts).
     */
    submitted: jsonb('submitted').$type<BindingSubmitted>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_bindings_user').on(t.userId),
    index('user_bindings_tenant_status').on(t.tenantId, t.status),
    index('user_bindings_student').on(t.tenantId, t.studentId),
    index('user_bindings_employee').on(t.tenantId, t.employeeId),
  ],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Who asked for it ('user:<id>' or 'oauth:<id>'); only they may try it. Null: asked before sign-in. */
    requestedBy: text('requested_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_codes_phone').on(t.tenantId, t.phone, t.createdAt),
    // The daily cap across tenants counts a phone's codes whatever the tenant.
    index('verification_codes_phone_all_tenants').on(t.phone, t.createdAt),
  ],
);

/** Step-up (verify) tokens already spent: each one allows one change (modules/user/verify-token.ts). */
export const stepUpUses = pgTable('step_up_uses', {
  jti: text('jti').primaryKey(),
  tenantId: tenantId(),
  userId: integer('user_id').notNull(),
  /** The token's own expiry: rows past it can be deleted, the token is dead anyway. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

export const captchas = pgTable('captchas', {
  key: text('key').primaryKey(),
  text: text('text').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** One sign-in: its refresh tokens form a family; logout or refresh-token reuse revokes it. */
export const authSessions = pgTable('auth_sessions', {
  id: text('id').primaryKey(),
  tenantId: tenantId(),
  userId: integer('user_id'),
  oauthId: integer('oauth_id'),
  userType: text('user_type'),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session').on(t.sessionId)],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: varchar('tenant_id', { length: 6 }),
    userId: integer('user_id'),
    action: text('action').notNull(),
    detail: jsonb('detail')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_tenant_user').on(t.tenantId, t.userId, t.createdAt),
    // The audit search by days, newest first (admin/audit-log-repo.ts).
    index('audit_log_tenant_created').on(t.tenantId, t.createdAt),
  ],
);

/** Messages the SMS and mail stand-ins "sent"; readable in demo mode only. */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('dev_outbox_recipient').on(t.recipient, t.id)],
);

/** Codes issued by the WeChat OAuth stand-in, exchanged once like the real ones. */
export const devOauthCodes = pgTable('dev_oauth_codes', {
  code: text('code').primaryKey(),
  appId: text('app_id').notNull(),
  openId: text('open_id').notNull(),
  nickname: text('nickname').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
