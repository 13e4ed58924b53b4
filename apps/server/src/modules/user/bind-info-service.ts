/** What the caller is bound to (bind-info) and the students of an ID card (the pick list of spec §2). */
import type { BindInfo, StudentListItem } from '@cf/shared/wire/user';
import { badRequest, forbidden } from '@server/http/errors';
import { rateLimit } from '@server/http/rate-limit';
import { aesDecryptJson, aesEncryptBase64 } from '@server/http/wire-crypto';
import { findUser } from '../auth/subject';
import { callerKey, type UserCtx } from './context';
import { loadBindSettings, sameName } from './bind-rules';
import { maskIdCard, maskName, maskTail } from './mask';
import { findBoundPerson, findStudentsByIdCard, normalizeIdCard } from './people-repo';
import { findBinding } from './repo';

/** Pick-list lookups in the window below, per caller, per address and per looked-up ID number. */
const STUDENT_LIST_TRIES = 20;
const STUDENT_LIST_TRIES_PER_ADDRESS = 30;
const STUDENT_LIST_TRIES_PER_ID = 10;
const STUDENT_LIST_WINDOW_SECONDS = 10 * 60;

const NOTHING: BindInfo = {
  bound: false,
  bindingStatus: null,
  refuseReason: null,
  userType: null,
  code: null,
  realName: null,
  idCardMasked: null,
  phone: null,
  email: null,
  studentNo: null,
  startYear: null,
  major: null,
  className: null,
  department: null,
  financePhone: null,
  financeEmail: null,
  bankCardMasked: null,
  bankName: null,
  bankProvince: null,
  bankCity: null,
};

export async function bindInfo(ctx: UserCtx): Promise<BindInfo> {
  const { db, auth } = ctx;
  // A WeChat visitor has no user yet, so nothing is bound.
  const user = auth.userId > 0 ? await findUser(db, auth.tenantId, auth.userId) : undefined;
  if (!user) return NOTHING;
  const own: BindInfo = {
    ...NOTHING,
    userType: user.userType,
    realName: user.realName || null,
    phone: user.phone,
    email: user.email,
    financePhone: user.financePhone,
    financeEmail: user.financeEmail,
    bankCardMasked: maskTail(user.bankCard),
    bankName: user.bankName,
    bankProvince: user.bankProvince,
    bankCity: user.bankCity,
  };
  const binding = await findBinding(db, auth.tenantId, user.id);
  if (!binding) return own;
  if (binding.status !== 'active')
    return {
      ...own,
      bindingStatus: binding.status === 'refused' ? 'refused' : 'pending',
      refuseReason: binding.status === 'refused' ? binding.decisionNote : null,
    };
  const { student, employee, other } = await findBoundPerson(db, auth.tenantId, binding);
  if (student)
    return {
      ...own,
      bound: true,
      bindingStatus: 'active',
      userType: 'student',
      code: student.studentNo,
      realName: student.studentName,
      idCardMasked: maskIdCard(student.idCard),
      studentNo: student.studentNo,
      startYear: student.startYear,
      major: student.major,
      className: student.className,
    };
  if (employee)
    return {
      ...own,
      bound: true,
      bindingStatus: 'active',
      userType: 'employee',
      code: employee.employeeNo,
      realName: employee.employeeName,
      idCardMasked: maskIdCard(employee.idCard),
      department: employee.department,
    };
  if (other)
    return {
      ...own,
      bound: true,
      bindingStatus: 'active',
      userType: 'other',
      realName: other.name,
      idCardMasked: maskIdCard(other.idCard),
    };
  return own;
}

/** What a look-up JSON holds: the bind form's ID number and name. */
function lookupFacts(data: string, key: string): { idCard: string; realName: string } {
  const query = aesDecryptJson(data, key);
  const text = (name: string) => {
    const value = query && typeof query === 'object' ? (query as Record<string, unknown>)[name] : undefined;
    return typeof value === 'string' ? value.trim() : '';
  };
  return { idCard: text('idCard'), realName: text('realName') };
}

/**
 * get-student-list-by-id-card: `data` is Base64 AES of JSON {idCard, realName}; the answer is Base64
 * AES of the JSON list of the tenant's students with that ID card and name. It answers only as a
 * step of a bind: the tenant's form must find students by ID card and the request must carry the
 * form's name, which must be the student's. A bound user rebinding (the rebinding popup) needs it as
 * much as a visitor, and refusing them would stop nobody (a new WeChat identity is free), so the walls
 * are the limits per caller, per looked-up ID number and per client address.
 */
export async function studentListByIdCard(ctx: UserCtx, data: string): Promise<string> {
  const { db, config, auth } = ctx;
  const settings = await loadBindSettings(db, auth.tenantId);
  if (!settings.userTypes.includes('student') || settings.studentNo !== '0')
    throw forbidden('bind.lookupNotNeeded');
  const window = STUDENT_LIST_WINDOW_SECONDS;
  await rateLimit(db, `student-list:${auth.tenantId}:${callerKey(auth)}`, STUDENT_LIST_TRIES, window);
  await rateLimit(db, `student-list-ip:${ctx.req.ip}`, STUDENT_LIST_TRIES_PER_ADDRESS, window);
  const { idCard, realName } = lookupFacts(data, config.wireAesKey);
  if (!idCard) throw badRequest('validate.idCardEmpty');
  if (!realName) throw badRequest('validate.realNameRequired');
  await rateLimit(
    db,
    `student-list-id:${auth.tenantId}:${normalizeIdCard(idCard)}`,
    STUDENT_LIST_TRIES_PER_ID,
    window,
  );
  const students = (await findStudentsByIdCard(db, auth.tenantId, idCard)).filter((s) =>
    sameName(s.studentName, realName),
  );
  const list: StudentListItem[] = students.map((s) => ({
    studentNo: s.studentNo,
    studentName: maskName(s.studentName)!,
    startYear: s.startYear,
  }));
  return aesEncryptBase64(JSON.stringify(list), config.wireAesKey);
}
