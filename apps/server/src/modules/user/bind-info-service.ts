/** What the caller is bound to (bind-info) and the students of an ID card (the pick list of spec §2). */
import { badRequest } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { aesDecryptJson, aesEncryptBase64 } from '../../http/wire-crypto';
import { findUser } from '../auth/subject';
import { callerKey, type UserCtx } from './context';
import { maskIdCard, maskTail } from './mask';
import { findBoundPerson, findStudentsByIdCard } from './people-repo';
import { findBinding } from './repo';

/** Pick-list lookups per caller in the window below: the list names students, so it is not a search engine. */
const STUDENT_LIST_TRIES = 20;
const STUDENT_LIST_WINDOW_SECONDS = 10 * 60;

export interface BindInfo {
  bound: boolean;
  userType: string | null;
  code: string | null;
  realName: string | null;
  idCardMasked: string | null;
  phone: string | null;
  email: string | null;
  studentNo: string | null;
  startYear: number | null;
  major: string | null;
  className: string | null;
  department: string | null;
  financePhone: string | null;
  financeEmail: string | null;
  bankCardMasked: string | null;
  bankName: string | null;
  bankProvince: string | null;
  bankCity: string | null;
}

const NOTHING: BindInfo = {
  bound: false,
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
  const { student, employee, other } = await findBoundPerson(db, auth.tenantId, binding);
  if (student)
    return {
      ...own,
      bound: true,
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
      userType: 'other',
      realName: other.name,
      idCardMasked: maskIdCard(other.idCard),
    };
  return own;
}

export interface StudentListItem {
  studentNo: string;
  studentName: string;
  startYear: number | null;
  major: string | null;
}

/**
 * get-student-list-by-id-card: `data` is Base64 AES of JSON {idCard}; the answer is Base64 AES of
 * the JSON list of the caller's tenant's students with that ID card.
 */
export async function studentListByIdCard(ctx: UserCtx, data: string): Promise<string> {
  const { db, config, auth } = ctx;
  await rateLimit(
    db,
    `student-list:${auth.tenantId}:${callerKey(auth)}`,
    STUDENT_LIST_TRIES,
    STUDENT_LIST_WINDOW_SECONDS,
  );
  const query = aesDecryptJson(data, config.wireAesKey);
  const idCard =
    query && typeof query === 'object' && typeof (query as { idCard?: unknown }).idCard === 'string'
      ? (query as { idCard: string }).idCard.trim()
      : '';
  if (!idCard) throw badRequest('validate.idCardEmpty');
  const students = await findStudentsByIdCard(db, auth.tenantId, idCard);
  const list: StudentListItem[] = students.map((s) => ({
    studentNo: s.studentNo,
    studentName: s.studentName,
    startYear: s.startYear,
    major: s.major,
  }));
  return aesEncryptBase64(JSON.stringify(list), config.wireAesKey);
}
