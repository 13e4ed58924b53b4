/**
 * Newly admitted students (新生): found by ID card and name before they have a student number (issue
 * 4's enrolment, `/enroll`), with the admission number, major and year the enrolment page shows. A
 * row is keyed by ID card, as the table's unique index is: a known one is updated, a new one created.
 * The ID card is a mainland one (15 or 18 characters, spec §5 and §9: the table keeps no document
 * type). An admission number names one enrollee: twice in the file, or held by an enrollee the file
 * does not mention, is a problem. A column the file leaves out keeps what is stored.
 */
import { eq } from 'drizzle-orm';
import { enrollees } from '@server/db/schema-finance';
import { idNumber, limited, wholeNumber } from './cells';
import { eachWithProgress, planOf, refusedPlan, type ImportRules, type Reader } from './kind';
import { insertRecords, optionalText, sameAsStored, updateRecords } from './records';
import { firstRows, readTable, type Column } from './table';

type Key = 'name' | 'idCard' | 'admissionNo' | 'major' | 'startYear';

const COLUMNS: readonly Column<Key>[] = [
  { key: 'name', zh: '姓名', en: 'name', aliases: ['realName'], required: true, example: '孙新生' },
  {
    key: 'idCard',
    text: true,
    zh: '身份证号',
    en: 'idCard',
    aliases: ['证件号码', 'idNumber'],
    required: true,
    example: '110101200801016664',
  },
  {
    key: 'admissionNo',
    text: true,
    zh: '录取号',
    en: 'admissionNo',
    aliases: ['录取编号', '录取通知书编号'],
    required: true,
    example: 'A2026001',
  },
  { key: 'major', zh: '专业', en: 'major', example: '会计学' },
  { key: 'startYear', zh: '入学年份', en: 'startYear', example: '2026' },
];

type EnrolleeFields = {
  name: string;
  idCard: string;
  admissionNo: string;
  major?: string | null;
  startYear?: number | null;
};

const SHAPE = { name: 'text', id_card: 'text', admission_no: 'text', major: 'text', start_year: 'int' };
const recordOf = (r: EnrolleeFields & { id?: number }) => ({
  id: r.id,
  name: r.name,
  id_card: r.idCard,
  admission_no: r.admissionNo,
  major: r.major ?? null,
  start_year: r.startYear ?? null,
});

/** The tenant's enrollees by ID card (x made X; the exact spelling first) and who holds each number. */
async function storedEnrollees(db: Reader, tenantId: string) {
  const rows = await db
    .select({
      id: enrollees.id,
      name: enrollees.name,
      idCard: enrollees.idCard,
      admissionNo: enrollees.admissionNo,
      major: enrollees.major,
      startYear: enrollees.startYear,
    })
    .from(enrollees)
    .where(eq(enrollees.tenantId, tenantId));
  const byIdCard = new Map<string, (typeof rows)[number]>();
  const holders = new Map<string, string[]>();
  for (const r of rows) {
    const key = r.idCard.toUpperCase();
    if (!byIdCard.has(key) || r.idCard === key) byIdCard.set(key, r);
    holders.set(r.admissionNo, [...(holders.get(r.admissionNo) ?? []), key]);
  }
  return { byIdCard, holders };
}

export const enrolleesImport: ImportRules = {
  kind: 'enrollees',
  columns: COLUMNS,
  async plan(db, tenantId, sheet, _options, progress) {
    const table = readTable(sheet, COLUMNS);
    if (!table.headerOk) return refusedPlan(table.rows.length, table.problems);
    await progress.phase('validate', table.rows.length);
    const { byIdCard, holders } = await storedEnrollees(db, tenantId);
    const firstIdCard = firstRows<Key>();
    const firstAdmission = firstRows<Key>();
    /** Every ID card the file names, good row or bad: its holder's admission number is the file's to say. */
    const mentioned = new Set(table.rows.map((row) => row.text('idCard').toUpperCase()));
    const inserts: EnrolleeFields[] = [];
    const updates: (EnrolleeFields & { id: number })[] = [];
    let unchanged = 0;
    await eachWithProgress(table.rows, progress, (row) => {
      const name = row.required('name');
      const idCard = idNumber(row, 'idCard', true);
      const admissionNo = row.required('admissionNo');
      const startYear = wholeNumber(row, 'startYear', 1950, 2100);
      const major = row.has('major')
        ? optionalText(limited(row, 'major', row.text('major'), 100))
        : undefined;
      if (name !== null) limited(row, 'name', name, 60);
      if (admissionNo !== null) limited(row, 'admissionNo', admissionNo, 40);
      if (idCard === null || !firstIdCard(row, 'idCard', idCard)) return;
      if (admissionNo === null || !firstAdmission(row, 'admissionNo', admissionNo)) return;
      const heldBy = (holders.get(admissionNo) ?? []).filter((holder) => holder !== idCard);
      if (heldBy.some((holder) => !mentioned.has(holder)))
        row.problem('admissionNo', 'imports.admissionNoTaken');
      if (!row.clean || name === null) return;
      const given: EnrolleeFields = {
        name,
        idCard,
        admissionNo,
        major,
        startYear: row.has('startYear') ? (startYear ?? null) : undefined,
      };
      const stored = byIdCard.get(idCard);
      if (!stored) return void inserts.push(given);
      if (sameAsStored(stored, given)) return void unchanged++;
      updates.push({ ...given, id: stored.id });
    });
    const counts = { rows: table.rows.length, created: inserts.length, updated: updates.length, unchanged };
    const optional = (['major', 'startYear'] as const).filter((k) => table.at[k] !== undefined);
    const fields = [
      'name',
      'id_card',
      'admission_no',
      ...optional.map((k) => ({ major: 'major', startYear: 'start_year' })[k]),
    ];
    return planOf(counts, table.problems, async (tx, storeProgress) => {
      await storeProgress.phase('commit', inserts.length + updates.length);
      await insertRecords(tx, tenantId, 'enrollees', SHAPE, inserts.map(recordOf), (n) =>
        storeProgress.tick(n),
      );
      await updateRecords(tx, tenantId, 'enrollees', SHAPE, fields, updates.map(recordOf), (n) =>
        storeProgress.tick(inserts.length + n),
      );
    });
  },
};
