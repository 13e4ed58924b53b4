/**
 * Who a bind form points at (spec §4–§5). The form rules themselves live once in
 * packages/shared/src/validation.ts; this file turns their verdict into errors and finds the person.
 */
import { translate, type Language } from '@cf/shared/messages';
import {
  bindSettingsFromParams,
  isPhone,
  validateBindForm,
  type BindForm,
  type BindSettings,
  type UserType,
} from '@cf/shared/validation';
import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import { AppError, badRequest } from '@server/http/errors';
import { rateLimit } from '@server/http/rate-limit';
import { aesDecryptBase64 } from '@server/http/wire-crypto';
import { checkPassword, hashPassword } from '../auth/password';
import {
  findEmployeeByNo,
  findEmployeesByIdCard,
  findOtherPerson,
  findStudentByNo,
  findStudentsByIdCard,
  normalizeIdCard,
  updateEmployeePasswordHash,
  type EmployeeRow,
  type OtherPersonRow,
  type StudentRow,
} from './people-repo';
import { tenantParams } from './repo';

export type ResolvedPerson =
  | { userType: 'student'; realName: string; student: StudentRow }
  | { userType: 'employee'; realName: string; employee: EmployeeRow }
  | { userType: 'other'; realName: string; other: OtherPersonRow };

/** Staff password guesses allowed per staff number in the window below. */
const STAFF_PASSWORD_TRIES = 10;
const STAFF_PASSWORD_WINDOW_SECONDS = 30 * 60;

export async function loadBindSettings(db: Db, tenantId: string): Promise<BindSettings> {
  return bindSettingsFromParams(await tenantParams(db, tenantId));
}

/** Throws the first problem of the form as a 400 with its translated message. */
export function assertBindForm(form: BindForm, settings: BindSettings, withCode: boolean, lang: Language) {
  const problem = validateBindForm(form, settings, withCode);
  if (!problem) return;
  const params = { ...problem.params };
  // The shared rule names the field by key when the tenant has no alias for it.
  if (params.label === 'studentNo') params.label = translate('label.studentNo', lang);
  if (params.label === 'employeeNo') params.label = translate('label.employeeNo', lang);
  throw badRequest(problem.message, params);
}

/** Names match when they are the same but for spaces and letter case (Latin names). */
export const sameName = (a: string, b: string | undefined) =>
  a.replace(/\s+/g, '').toLowerCase() === (b ?? '').replace(/\s+/g, '').toLowerCase();
export const sameIdCard = (stored: string, given: string | undefined) =>
  normalizeIdCard(stored) === normalizeIdCard(given ?? '');
const blank = (v: string | undefined) => v === undefined || v.trim() === '';

/**
 * Several candidates for one ID card: the picked number (`code`) chooses; a number that
 * matches none of them is refused rather than silently ignored.
 */
function pick<T>(candidates: T[], code: string | undefined, numberOf: (row: T) => string, several: AppError) {
  if (!blank(code)) return candidates.find((row) => numberOf(row) === code!.trim());
  if (candidates.length > 1) throw several;
  return candidates[0];
}

async function resolveStudent(db: Db, tenantId: string, settings: BindSettings, form: BindForm) {
  if (settings.studentNo !== '0') {
    const student = await findStudentByNo(db, tenantId, form.code!);
    const idCardOk = settings.studentNo === '2' || (student && sameIdCard(student.idCard, form.idCard));
    if (!student || !sameName(student.studentName, form.realName) || !idCardOk)
      throw badRequest('bind.studentNotFound');
    return student;
  }
  // No student number asked for: the ID card finds the student (spec §4).
  const byIdCard = await findStudentsByIdCard(db, tenantId, form.idCard!);
  if (byIdCard.length === 0) throw badRequest('validate.idCardNotFound');
  const named = byIdCard.filter((s) => sameName(s.studentName, form.realName));
  const student = pick(named, form.code, (s) => s.studentNo, badRequest('bind.severalStudents'));
  if (!student) throw badRequest('bind.studentNotFound');
  return student;
}

async function resolveEmployee(
  db: Db,
  config: Config,
  tenantId: string,
  settings: BindSettings,
  form: BindForm,
) {
  let employee: EmployeeRow | undefined;
  if (settings.employeeField !== '0') {
    employee = await findEmployeeByNo(db, tenantId, form.code!);
    const idCardOk = settings.employeeField === '2' || (employee && sameIdCard(employee.idCard, form.idCard));
    if (!employee || !sameName(employee.employeeName, form.realName) || !idCardOk) employee = undefined;
  } else {
    const named = (await findEmployeesByIdCard(db, tenantId, form.idCard!)).filter((e) =>
      sameName(e.employeeName, form.realName),
    );
    employee = pick(named, form.code, (e) => e.employeeNo, badRequest('bind.employeeNotFound'));
  }
  if (!employee) throw badRequest('bind.employeeNotFound');
  if (settings.employeeRule === '1') await checkStaffPassword(db, config, tenantId, employee, form.password!);
  return employee;
}

/** Employee rule 1: the staff password, sent like the login password (AES of its MD5 hex). */
async function checkStaffPassword(
  db: Db,
  config: Config,
  tenantId: string,
  employee: EmployeeRow,
  wirePassword: string,
) {
  await rateLimit(
    db,
    `bind-staff:${tenantId}:${employee.employeeNo}`,
    STAFF_PASSWORD_TRIES,
    STAFF_PASSWORD_WINDOW_SECONDS,
  );
  const md5Hex = aesDecryptBase64(wirePassword, config.wireAesKey).trim();
  const check = await checkPassword(employee.passwordHash, md5Hex);
  if (!check.ok) throw badRequest('bind.employeePasswordWrong');
  if (check.upgrade) await updateEmployeePasswordHash(db, tenantId, employee.id, await hashPassword(md5Hex));
}

async function resolveOther(db: Db, tenantId: string, form: BindForm) {
  const idType = Number(form.idType ?? 1);
  if (idType !== 1 && idType !== 2) throw badRequest('common.fieldInvalid', { field: 'idType' });
  const other = await findOtherPerson(db, tenantId, idType, form.idCard!);
  if (!other || !sameName(other.name, form.realName)) throw badRequest('bind.otherNotFound');
  return other;
}

/** Finds the one person of the tenant the (already validated) form points at, or throws why not. */
export async function resolvePerson(
  db: Db,
  config: Config,
  tenantId: string,
  settings: BindSettings,
  form: BindForm,
): Promise<ResolvedPerson> {
  const userType = form.userType as UserType;
  if (userType === 'student') {
    const student = await resolveStudent(db, tenantId, settings, form);
    return { userType, realName: student.studentName, student };
  }
  if (userType === 'employee') {
    const employee = await resolveEmployee(db, config, tenantId, settings, form);
    return { userType, realName: employee.employeeName, employee };
  }
  const other = await resolveOther(db, tenantId, form);
  return { userType: 'other', realName: other.name, other };
}

/**
 * The phone the finance office holds for the person: the second factor of binding. A code sent
 * there proves the binder holds the person's phone, which a stranger with name and ID number does not.
 */
export function heldPhoneOf(person: ResolvedPerson): string | null {
  const phone = (
    person.userType === 'student'
      ? person.student.phone
      : person.userType === 'employee'
        ? person.employee.phone
        : person.other.phone
  )?.trim();
  return phone && isPhone(phone) ? phone : null;
}
