/**
 * Receivables: what one person (student or staff member, by number) owes for one item in a school
 * year, in yuan. A row is keyed by person, category, school year and item code; a receivable the school
 * has under that key is updated (never below what has been paid), a new one created. Money already
 * received, reductions and deferrals are not the file's business and are kept.
 */
import { formatYuan } from '@cf/shared/money';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { employees, students } from '@server/db/schema';
import { receivables, type OrderType } from '@server/db/schema-finance';
import { choice, date, fen, limited, schoolYear, type Choices } from './cells';
import {
  BIG_CHUNK,
  eachSliced,
  eachWithProgress,
  jsonRows,
  planOf,
  refusedPlan,
  type ImportRules,
  type Reader,
} from './kind';
import { firstRows, readTable, type Column } from './table';

type Key =
  | 'personType'
  | 'no'
  | 'name'
  | 'category'
  | 'schoolYear'
  | 'itemCode'
  | 'itemName'
  | 'itemNameEn'
  | 'payable'
  | 'allowPartial'
  | 'dueDate';

const COLUMNS: readonly Column<Key>[] = [
  { key: 'personType', zh: '人员类型', en: 'personType', aliases: ['类型', 'type'], example: '学生' },
  {
    key: 'no',
    text: true,
    zh: '学号/工号',
    en: 'number',
    aliases: ['学号', '工号', '编号', 'no'],
    required: true,
    example: 'S2024001',
  },
  { key: 'name', zh: '姓名', en: 'name', example: '张三' },
  { key: 'category', zh: '类别', en: 'category', example: '学生缴费' },
  { key: 'schoolYear', zh: '学年', en: 'schoolYear', required: true, example: '2026-2027' },
  {
    key: 'itemCode',
    zh: '项目代码',
    en: 'itemCode',
    aliases: ['收费项目代码'],
    required: true,
    example: 'TUITION',
  },
  { key: 'itemName', zh: '项目名称', en: 'itemName', aliases: ['收费项目'], required: true, example: '学费' },
  { key: 'itemNameEn', zh: '英文名称', en: 'itemNameEn', example: 'Tuition' },
  {
    key: 'payable',
    zh: '应收金额',
    en: 'payable',
    aliases: ['应收金额(元)', '金额', 'amount'],
    required: true,
    example: '5000.00',
  },
  { key: 'allowPartial', zh: '允许部分缴费', en: 'allowPartial', example: '是' },
  { key: 'dueDate', zh: '截止日期', en: 'dueDate', example: '2026-09-30' },
];

const PERSON_TYPES: Choices<'student' | 'employee'> = [
  ['学生', 'student'],
  ['教职工', 'employee'],
  ['student', 'student'],
  ['employee', 'employee'],
  ['staff', 'employee'],
];
const CATEGORIES: Choices<OrderType> = [
  ['学生缴费', 'FEE'],
  ['综合缴费', 'OTHER'],
  ['FEE', 'FEE'],
  ['OTHER', 'OTHER'],
];
const YES_NO: Choices<boolean> = [
  ['是', true],
  ['否', false],
  ['yes', true],
  ['no', false],
  ['1', true],
  ['0', false],
  ['y', true],
  ['n', false],
];

interface NewReceivable {
  category: OrderType;
  personType: 'student' | 'employee';
  personId: number;
  schoolYear: string;
  itemCode: string;
  itemName: string;
  itemNameEn: string;
  allowPartial: boolean;
  payableFen: number;
  dueDate: Date | null;
}

const dueOf = (day: string) => new Date(`${day}T00:00:00+08:00`);

async function peopleByNumber(db: Reader, tenantId: string) {
  const [s, e] = await Promise.all([
    db
      .select({ id: students.id, no: students.studentNo, name: students.studentName })
      .from(students)
      .where(eq(students.tenantId, tenantId)),
    db
      .select({ id: employees.id, no: employees.employeeNo, name: employees.employeeName })
      .from(employees)
      .where(eq(employees.tenantId, tenantId)),
  ]);
  return { student: new Map(s.map((r) => [r.no, r])), employee: new Map(e.map((r) => [r.no, r])) };
}

const keyOf = (r: Pick<NewReceivable, 'personType' | 'personId' | 'category' | 'schoolYear' | 'itemCode'>) =>
  `${r.personType}\u0000${r.personId}\u0000${r.category}\u0000${r.schoolYear}\u0000${r.itemCode}`;

async function storedReceivables(db: Reader, tenantId: string, years: string[]) {
  if (years.length === 0) return new Map<string, StoredReceivable[]>();
  const rows = await db
    .select({
      id: receivables.id,
      category: receivables.category,
      personType: receivables.personType,
      personId: receivables.personId,
      schoolYear: receivables.schoolYear,
      itemCode: receivables.itemCode,
      itemName: receivables.itemName,
      itemNameEn: receivables.itemNameEn,
      allowPartial: receivables.allowPartial,
      payableFen: receivables.payableFen,
      dueDate: receivables.dueDate,
      receivedFen: receivables.receivedFen,
      refundFen: receivables.refundFen,
    })
    .from(receivables)
    .where(and(eq(receivables.tenantId, tenantId), inArray(receivables.schoolYear, years)));
  const byKey = new Map<string, StoredReceivable[]>();
  for (const r of rows) {
    const key = keyOf(r as StoredReceivable);
    byKey.set(key, [...(byKey.get(key) ?? []), r as StoredReceivable]);
  }
  return byKey;
}
type StoredReceivable = NewReceivable & { id: number; receivedFen: number; refundFen: number };

/** Snake-case rows for jsonb_to_recordset (./kind.ts). */
const recordOf = (r: NewReceivable & { id?: number }) => ({
  id: r.id,
  category: r.category,
  person_type: r.personType,
  person_id: r.personId,
  school_year: r.schoolYear,
  item_code: r.itemCode,
  item_name: r.itemName,
  item_name_en: r.itemNameEn,
  allow_partial: r.allowPartial,
  payable_fen: r.payableFen,
  due_date: r.dueDate?.toISOString() ?? null,
});

async function insertReceivables(tx: Reader, tenantId: string, rows: NewReceivable[]) {
  await tx.execute(sql`
    INSERT INTO receivables (tenant_id, category, person_type, person_id, school_year, item_code, item_name,
                             item_name_en, allow_partial, payable_fen, due_date)
    SELECT ${tenantId}, category, person_type, person_id, school_year, item_code, item_name, item_name_en,
           allow_partial, payable_fen, due_date
    FROM jsonb_to_recordset(${jsonRows(rows.map(recordOf))})
      AS x(category text, person_type text, person_id int, school_year text, item_code text, item_name text,
           item_name_en text, allow_partial boolean, payable_fen bigint, due_date timestamptz)`);
}

async function updateReceivables(tx: Reader, tenantId: string, rows: (NewReceivable & { id: number })[]) {
  await tx.execute(sql`
    UPDATE receivables AS r
    SET item_name = x.item_name, item_name_en = x.item_name_en, payable_fen = x.payable_fen,
        allow_partial = x.allow_partial, due_date = x.due_date
    FROM jsonb_to_recordset(${jsonRows(rows.map(recordOf))})
      AS x(id int, item_name text, item_name_en text, payable_fen bigint, allow_partial boolean, due_date timestamptz)
    WHERE r.id = x.id AND r.tenant_id = ${tenantId}`);
}

export const receivablesImport: ImportRules = {
  kind: 'receivables',
  columns: COLUMNS,
  async plan(db, tenantId, sheet, _options, progress) {
    const table = readTable(sheet, COLUMNS);
    if (!table.headerOk) return refusedPlan(table.rows.length, table.problems);
    await progress.phase('validate', table.rows.length);
    const people = await peopleByNumber(db, tenantId);
    const first = firstRows<Key>();
    const planned: { row: (typeof table.rows)[number]; given: NewReceivable }[] = [];
    const years = new Set<string>();
    await eachWithProgress(table.rows, progress, (row) => {
      const personType = choice(row, 'personType', PERSON_TYPES, 'student');
      const no = row.required('no');
      const name = row.text('name');
      const category = choice(row, 'category', CATEGORIES, 'FEE');
      const year = schoolYear(row, 'schoolYear', true);
      const itemCode = row.required('itemCode');
      const itemName = row.required('itemName');
      const payableFen = fen(row, 'payable', true);
      const allowPartial = choice(row, 'allowPartial', YES_NO, false);
      const due = date(row, 'dueDate');
      if (itemCode !== null) limited(row, 'itemCode', itemCode, 40);
      if (itemName !== null) limited(row, 'itemName', itemName, 100);
      const itemNameEn = limited(row, 'itemNameEn', row.text('itemNameEn'), 100);
      if (personType === null || no === null) return;
      const person = people[personType].get(no);
      if (!person)
        return row.problem(
          'no',
          personType === 'student' ? 'imports.studentUnknown' : 'imports.employeeUnknown',
          {
            no: no.slice(0, 40),
          },
        );
      if (name && name !== person.name) row.problem('name', 'imports.nameMismatch', { no });
      if (category === null || !year || itemCode === null || itemName === null || payableFen == null) return;
      const given: NewReceivable = {
        category,
        personType,
        personId: person.id,
        schoolYear: year,
        itemCode,
        itemName,
        itemNameEn: itemNameEn ?? '',
        allowPartial: allowPartial ?? false,
        payableFen,
        dueDate: due ? dueOf(due) : null,
      };
      if (!first(row, 'itemCode', keyOf(given)) || !row.clean) return;
      years.add(year);
      planned.push({ row, given });
    });
    const stored = await storedReceivables(db, tenantId, [...years]);
    const inserts: NewReceivable[] = [];
    const updates: (NewReceivable & { id: number })[] = [];
    let unchanged = 0;
    await eachSliced(planned, ({ row, given }) => {
      const matches = stored.get(keyOf(given)) ?? [];
      if (matches.length > 1) {
        row.problem('itemCode', 'imports.itemAmbiguous', { name: given.itemName });
        return;
      }
      const match = matches[0];
      if (!match) {
        inserts.push(given);
        return;
      }
      // A column the file leaves out keeps what is stored.
      const next: NewReceivable & { id: number } = {
        ...given,
        id: match.id,
        itemNameEn: row.has('itemNameEn') ? given.itemNameEn : match.itemNameEn,
        allowPartial: row.has('allowPartial') ? given.allowPartial : match.allowPartial,
        dueDate: row.has('dueDate') ? given.dueDate : match.dueDate,
      };
      const paid = Number(match.receivedFen) - Number(match.refundFen);
      if (next.payableFen < paid) {
        row.problem('payable', 'imports.payableBelowPaid', { paid: formatYuan(paid, false) });
        return;
      }
      const same =
        next.itemName === match.itemName &&
        next.itemNameEn === match.itemNameEn &&
        next.allowPartial === match.allowPartial &&
        next.payableFen === Number(match.payableFen) &&
        (next.dueDate?.getTime() ?? null) === (match.dueDate?.getTime() ?? null);
      if (same) unchanged++;
      else updates.push(next);
    });
    const counts = { rows: table.rows.length, created: inserts.length, updated: updates.length, unchanged };
    return planOf(counts, table.problems, async (tx, storeProgress) => {
      await storeProgress.phase('commit', inserts.length + updates.length);
      for (let at = 0; at < inserts.length; at += BIG_CHUNK) {
        await insertReceivables(tx, tenantId, inserts.slice(at, at + BIG_CHUNK));
        await storeProgress.tick(Math.min(inserts.length, at + BIG_CHUNK));
      }
      for (let at = 0; at < updates.length; at += BIG_CHUNK) {
        await updateReceivables(tx, tenantId, updates.slice(at, at + BIG_CHUNK));
        await storeProgress.tick(inserts.length + Math.min(updates.length, at + BIG_CHUNK));
      }
    });
  },
};
