/**
 * People: students and staff members with their identities, class or department and the phone the
 * finance office holds for them. A row is keyed by type and number (学号 / 工号); a number the school
 * knows is updated, a new one created. A column the file leaves out keeps what is stored; an empty
 * cell of an optional column clears it.
 */
import { eq, sql } from 'drizzle-orm';
import { employees, students } from '@server/db/schema';
import type { Tx } from '@server/db/transaction';
import { choice, ID_TYPES, idNumber, limited, phone, wholeNumber, type Choices } from './cells';
import {
  BIG_CHUNK,
  eachWithProgress,
  jsonRows,
  planOf,
  refusedPlan,
  type ImportRules,
  type Reader,
} from './kind';
import { optionalText as optional, sameAsStored as same } from './records';
import { firstRows, readTable, type Column } from './table';

type Key =
  | 'type'
  | 'no'
  | 'name'
  | 'idType'
  | 'idCard'
  | 'startYear'
  | 'college'
  | 'major'
  | 'className'
  | 'department'
  | 'phone';

const COLUMNS: readonly Column<Key>[] = [
  { key: 'type', zh: '人员类型', en: 'type', aliases: ['类型', 'userType'], required: true, example: '学生' },
  {
    key: 'no',
    text: true,
    zh: '学号/工号',
    en: 'number',
    aliases: ['学号', '工号', '编号', 'no', 'code'],
    required: true,
    example: 'S2026001',
  },
  { key: 'name', zh: '姓名', en: 'name', required: true, example: '张小明' },
  { key: 'idType', zh: '证件类型', en: 'idType', example: '身份证' },
  {
    key: 'idCard',
    text: true,
    zh: '证件号码',
    en: 'idCard',
    aliases: ['身份证号', 'idNumber'],
    required: true,
    example: '110101200601011236',
  },
  { key: 'startYear', zh: '入学年份', en: 'startYear', example: '2026' },
  { key: 'college', zh: '学院', en: 'college', aliases: ['院系'], example: '经济管理学院' },
  { key: 'major', zh: '专业', en: 'major', example: '会计学' },
  { key: 'className', zh: '班级', en: 'class', aliases: ['className'], example: '会计2601' },
  { key: 'department', zh: '部门', en: 'department', example: '' },
  {
    key: 'phone',
    text: true,
    zh: '预留手机号',
    en: 'phone',
    aliases: ['手机号', '财务预留手机号', 'reservedPhone'],
    example: '13900000001',
  },
];

const TYPES: Choices<'student' | 'employee'> = [
  ['学生', 'student'],
  ['教职工', 'employee'],
  ['student', 'student'],
  ['employee', 'employee'],
  ['staff', 'employee'],
  ['职工', 'employee'],
  ['教师', 'employee'],
];

type StudentFields = {
  studentName: string;
  idType: number;
  idCard: string;
  startYear?: number | null;
  college?: string | null;
  major?: string | null;
  className?: string | null;
  phone?: string | null;
};
type EmployeeFields = {
  employeeName: string;
  idCard: string;
  department?: string | null;
  phone?: string | null;
};

async function storedStudents(db: Reader, tenantId: string) {
  const rows = await db
    .select({
      no: students.studentNo,
      studentName: students.studentName,
      idType: students.idType,
      idCard: students.idCard,
      startYear: students.startYear,
      college: students.college,
      major: students.major,
      className: students.className,
      phone: students.phone,
    })
    .from(students)
    .where(eq(students.tenantId, tenantId));
  return new Map(rows.map((r) => [r.no, r]));
}

async function storedEmployees(db: Reader, tenantId: string) {
  const rows = await db
    .select({
      no: employees.employeeNo,
      employeeName: employees.employeeName,
      idCard: employees.idCard,
      department: employees.department,
      phone: employees.phone,
    })
    .from(employees)
    .where(eq(employees.tenantId, tenantId));
  return new Map(rows.map((r) => [r.no, r]));
}

type Tick = (rows: number) => Promise<void>;

/**
 * One table's upsert fed as jsonb rows (./kind.ts): new numbers are inserted, known ones get the
 * fields the file carries (`fields`, by column name); the other columns keep what is stored.
 */
async function upsert(
  tx: Tx,
  tenantId: string,
  target: { table: string; key: string; columns: Record<string, string> },
  rows: Record<string, unknown>[],
  fields: string[],
  tick: Tick,
) {
  const names = Object.keys(target.columns);
  const list = sql.raw(names.join(', '));
  const shape = sql.raw(names.map((n) => `${n} ${target.columns[n]}`).join(', '));
  const set = sql.raw(fields.map((f) => `${f} = excluded.${f}`).join(', '));
  for (let at = 0; at < rows.length; at += BIG_CHUNK) {
    await tx.execute(sql`
      INSERT INTO ${sql.raw(target.table)} (tenant_id, ${list})
      SELECT ${tenantId}, ${list} FROM jsonb_to_recordset(${jsonRows(rows.slice(at, at + BIG_CHUNK))}) AS x(${shape})
      ON CONFLICT (tenant_id, ${sql.raw(target.key)}) DO UPDATE SET ${set}`);
    await tick(Math.min(rows.length, at + BIG_CHUNK));
  }
}

const STUDENT_COLUMNS = {
  student_no: 'text',
  student_name: 'text',
  id_type: 'smallint',
  id_card: 'text',
  start_year: 'int',
  college: 'text',
  major: 'text',
  class_name: 'text',
  phone: 'text',
};
const EMPLOYEE_COLUMNS = {
  employee_no: 'text',
  employee_name: 'text',
  id_card: 'text',
  department: 'text',
  phone: 'text',
};

const studentRecord = (r: StudentFields & { studentNo: string }) => ({
  student_no: r.studentNo,
  student_name: r.studentName,
  id_type: r.idType,
  id_card: r.idCard,
  start_year: r.startYear ?? null,
  college: r.college ?? null,
  major: r.major ?? null,
  class_name: r.className ?? null,
  phone: r.phone ?? null,
});
const employeeRecord = (r: EmployeeFields & { employeeNo: string }) => ({
  employee_no: r.employeeNo,
  employee_name: r.employeeName,
  id_card: r.idCard,
  department: r.department ?? null,
  phone: r.phone ?? null,
});

export const peopleImport: ImportRules = {
  kind: 'people',
  columns: COLUMNS,
  async plan(db, tenantId, sheet, _options, progress) {
    const table = readTable(sheet, COLUMNS);
    if (!table.headerOk) return refusedPlan(table.rows.length, table.problems);
    await progress.phase('validate', table.rows.length);
    const [knownStudents, knownEmployees] = await Promise.all([
      storedStudents(db, tenantId),
      storedEmployees(db, tenantId),
    ]);
    const first = firstRows<Key>();
    const newStudents: (StudentFields & { studentNo: string })[] = [];
    const newEmployees: (EmployeeFields & { employeeNo: string })[] = [];
    let created = 0;
    let updated = 0;
    let unchanged = 0;
    await eachWithProgress(table.rows, progress, (row) => {
      const type = choice(row, 'type', TYPES);
      const no = row.required('no');
      const name = row.required('name');
      const idType = choice(row, 'idType', ID_TYPES, 1);
      const idCard = idNumber(row, 'idCard', idType === null ? null : idType === 1);
      const contact = phone(row, 'phone');
      if (no !== null) limited(row, 'no', no, 40);
      if (name !== null) limited(row, 'name', name, 60);
      if (type === null || no === null || !first(row, 'no', `${type}\u0000${no}`)) return;
      if (type === 'student') {
        const startYear = wholeNumber(row, 'startYear', 1950, 2100);
        const given: StudentFields = {
          studentName: name ?? '',
          idType: idType ?? 1,
          idCard: idCard ?? '',
          startYear: row.has('startYear') ? (startYear ?? null) : undefined,
          college: row.has('college')
            ? optional(limited(row, 'college', row.text('college'), 100))
            : undefined,
          major: row.has('major') ? optional(limited(row, 'major', row.text('major'), 100)) : undefined,
          className: row.has('className')
            ? optional(limited(row, 'className', row.text('className'), 100))
            : undefined,
          phone: row.has('phone') ? (contact ?? null) : undefined,
        };
        if (!row.clean) return;
        const stored = knownStudents.get(no);
        if (stored && same(stored, given)) return void unchanged++;
        if (stored) updated++;
        else created++;
        newStudents.push({ studentNo: no, ...given });
      } else {
        const given: EmployeeFields = {
          employeeName: name ?? '',
          idCard: idCard ?? '',
          department: row.has('department')
            ? optional(limited(row, 'department', row.text('department'), 100))
            : undefined,
          phone: row.has('phone') ? (contact ?? null) : undefined,
        };
        if (!row.clean) return;
        const stored = knownEmployees.get(no);
        if (stored && same(stored, given)) return void unchanged++;
        if (stored) updated++;
        else created++;
        newEmployees.push({ employeeNo: no, ...given });
      }
    });
    const has = (key: Key) => table.at[key] !== undefined;
    const studentFields = [
      'student_name',
      'id_type',
      'id_card',
      ...(['startYear', 'college', 'major', 'className', 'phone'] as const).filter(has).map(
        (k) =>
          ({
            startYear: 'start_year',
            college: 'college',
            major: 'major',
            className: 'class_name',
            phone: 'phone',
          })[k],
      ),
    ];
    const employeeFields = ['employee_name', 'id_card', ...(['department', 'phone'] as const).filter(has)];
    const counts = { rows: table.rows.length, created, updated, unchanged };
    return planOf(counts, table.problems, async (tx, storeProgress) => {
      await storeProgress.phase('commit', newStudents.length + newEmployees.length);
      const studentTable = { table: 'students', key: 'student_no', columns: STUDENT_COLUMNS };
      await upsert(tx, tenantId, studentTable, newStudents.map(studentRecord), studentFields, (n) =>
        storeProgress.tick(n),
      );
      const employeeTable = { table: 'employees', key: 'employee_no', columns: EMPLOYEE_COLUMNS };
      await upsert(tx, tenantId, employeeTable, newEmployees.map(employeeRecord), employeeFields, (n) =>
        storeProgress.tick(newStudents.length + n),
      );
    });
  },
};
