/** Validation rules of spec §5, used by the forms and by the server alike. */
import type { MessageKey } from './messages';

/** 11 digits, first 1, second 3–9 (spec §5, phone change and binding). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** The general helper of spec §5: 1 followed by 10 digits. */
export const LOOSE_PHONE_PATTERN = /^1\d{10}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ID_CARD_LENGTHS = [15, 18] as const;

/** Ids are PostgreSQL integer (serial) columns: 1 .. 2^31 - 1. */
export const MAX_ID = 2_147_483_647;
/** Counts (quantities, pages) are integer columns too. */
export const MAX_COUNT = 2_147_483_647;

/**
 * A whole number 0..max as the wire sends it: a JSON number, or its decimal digits as text (query
 * strings and form bodies carry text). Not booleans, hex, exponents, signs, fractions, arrays or NaN.
 */
export function parseWholeNumber(value: unknown, max: number): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\d{1,16}$/.test(value)) n = Number(value);
  else return null;
  return Number.isSafeInteger(n) && n >= 0 && n <= max ? n + 0 : null;
}

/** The school's clock: pay dates and "today" are days in China time. */
export const SCHOOL_TIME_ZONE = 'Asia/Shanghai';

/** A real calendar date written YYYY-MM-DD: "2024-02-30" and "0" are not (round trip through a date). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  // By arithmetic, not through Date: imports check it for every cell of a date column.
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return day <= days;
}

/** Today's date (YYYY-MM-DD) in a time zone, the school's by default. */
export function calendarDateIn(now: Date, timeZone: string = SCHOOL_TIME_ZONE): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export const isPhone = (value: string): boolean => PHONE_PATTERN.test(value);
export const isLoosePhone = (value: string): boolean => LOOSE_PHONE_PATTERN.test(value);
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value);
/** A mainland ID number (idType 1) has 15 or 18 characters. */
export const isMainlandIdCard = (value: string): boolean =>
  (ID_CARD_LENGTHS as readonly number[]).includes(value.length);

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** GB 11643's check character of an ID number's first 17 digits (ISO 7064 MOD 11-2, X for 10). */
export function idCardCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11]!;
}

/**
 * GB 11643: an 18-character mainland ID number ends in the check character of its first 17 digits
 * (ISO 7064 MOD 11-2, X for 10). A 15-character (first-generation) number has none: true. Upper case
 * expected (x made X by the caller). Used where people are loaded (imports), beside isMainlandIdCard.
 */
export function idCardCheckOk(value: string): boolean {
  if (value.length === 15) return /^\d{15}$/.test(value);
  return /^\d{17}[\dX]$/.test(value) && idCardCheckCharacter(value) === value[17];
}

export const USER_TYPES = ['student', 'employee', 'other'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Tenant parameters that shape the bind form (spec §3). */
export interface BindSettings {
  /** Permitted user types, in order; the first is the default. */
  userTypes: UserType[];
  /** '0' hides the student number (resolve by ID card), '2' hides the ID card, anything else shows both. */
  studentNo: string;
  /** '0' hides the employee code, '2' hides the ID card. */
  employeeField: string;
  /** '1': employee binds with code plus password. */
  employeeRule: string;
  /** '0' hidden, '2' required, anything else optional. */
  registerEmail: string;
  /** '1': phone plus SMS code. */
  registerPhone: string;
  studentNoAlias: string;
}

export const BIND_PARAM_KEYS = {
  userTypes: 'bind_userTypes',
  studentNo: 'bind_studentNo',
  studentNoAlias: 'bind_studentNoAlias',
  employeeField: 'bind_employeeField',
  employeeRule: 'bind_employeeRule',
  registerEmail: 'bind_registerEmail',
  registerPhone: 'bind_registerPhone',
} as const;

export const ACCOUNT_PARAM_KEYS = {
  registerPhone: 'account_registerPhone',
  disableUserCenter: 'account_disableUserCenter',
} as const;

export function bindSettingsFromParams(params: Record<string, string | undefined>): BindSettings {
  const types = (params[BIND_PARAM_KEYS.userTypes] ?? 'student,employee,other')
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is UserType => (USER_TYPES as readonly string[]).includes(s));
  return {
    userTypes: types.length ? types : ['student'],
    studentNo: params[BIND_PARAM_KEYS.studentNo] ?? '1',
    studentNoAlias: params[BIND_PARAM_KEYS.studentNoAlias] ?? '',
    employeeField: params[BIND_PARAM_KEYS.employeeField] ?? '1',
    employeeRule: params[BIND_PARAM_KEYS.employeeRule] ?? '0',
    registerEmail: params[BIND_PARAM_KEYS.registerEmail] ?? '1',
    registerPhone: params[BIND_PARAM_KEYS.registerPhone] ?? '0',
  };
}

export interface BindForm {
  tenantId?: string;
  userType?: string;
  code?: string;
  idType?: string | number;
  idCard?: string;
  realName?: string;
  phone?: string;
  email?: string;
  verifyCode?: string;
  verifyId?: string;
  password?: string;
}

/** Which bind-form fields a tenant's settings show for a user type. */
export function bindFieldsShown(settings: BindSettings, userType: UserType) {
  const student = userType === 'student';
  const employee = userType === 'employee';
  return {
    code: (student && settings.studentNo !== '0') || (employee && settings.employeeField !== '0'),
    idCard:
      (student && settings.studentNo !== '2') ||
      (employee && settings.employeeField !== '2') ||
      userType === 'other',
    idType: userType === 'other',
    realName: true,
    password: employee && settings.employeeRule === '1',
    email: settings.registerEmail !== '0',
    phone: settings.registerPhone === '1',
    verifyCode: settings.registerPhone === '1',
  };
}

export interface FieldProblem {
  field: keyof BindForm;
  message: MessageKey;
  params?: Record<string, string>;
}

/**
 * Checks a bind form against spec §5: every field's first problem, in the form's order, so the form
 * can mark them all at once (issue 24). `withCode` is false when only sending an SMS code
 * (check-and-send-validate), so the verification code is not yet asked for.
 */
export function bindFormProblems(form: BindForm, settings: BindSettings, withCode = true): FieldProblem[] {
  const userType = form.userType as UserType;
  if (!settings.userTypes.includes(userType))
    return [{ field: 'userType', message: 'validate.userTypeNotAllowed' }];
  const problems: FieldProblem[] = [];
  const add = (problem: FieldProblem) => {
    if (!problems.some((p) => p.field === problem.field)) problems.push(problem);
  };
  const shown = bindFieldsShown(settings, userType);
  const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';
  if (shown.code && blank(form.code)) {
    const label = userType === 'student' ? settings.studentNoAlias || 'studentNo' : 'employeeNo';
    add({ field: 'code', message: 'validate.codeRequired', params: { label } });
  }
  if (shown.idCard && blank(form.idCard)) add({ field: 'idCard', message: 'validate.idCardEmpty' });
  if (
    userType === 'other' &&
    String(form.idType ?? '1') === '1' &&
    !isMainlandIdCard(String(form.idCard).trim())
  )
    add({ field: 'idCard', message: 'validate.idCardInvalid' });
  if (blank(form.realName)) add({ field: 'realName', message: 'validate.realNameRequired' });
  if (shown.password && blank(form.password))
    add({ field: 'password', message: 'validate.passwordRequired' });
  if (settings.registerEmail === '2' && blank(form.email))
    add({ field: 'email', message: 'validate.emailRequired' });
  if (shown.email && !blank(form.email) && !isEmail(String(form.email).trim()))
    add({ field: 'email', message: 'validate.emailInvalid' });
  if (shown.phone) {
    if (blank(form.phone)) add({ field: 'phone', message: 'validate.phoneEmpty' });
    else if (!isPhone(String(form.phone).trim())) add({ field: 'phone', message: 'validate.phoneInvalid' });
    if (withCode && blank(form.verifyCode))
      add({ field: 'verifyCode', message: 'validate.verifyCodeRequired' });
  }
  return problems;
}

/** The bind form's first problem (the server answers one message), or null. */
export function validateBindForm(
  form: BindForm,
  settings: BindSettings,
  withCode = true,
): FieldProblem | null {
  return bindFormProblems(form, settings, withCode)[0] ?? null;
}
