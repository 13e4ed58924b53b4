/**
 * Outside people (校外人员): the spec's third user type, known by ID number rather than a school
 * number (spec §1: "other (ID card number ...)"), with the bind form's fields for them (§3: idType
 * 1 = mainland ID card, 2 = other document, idCard, realName, phone). A row is keyed by document type
 * and number, as the table's unique index is: a known one is updated, a new one created. A mainland
 * number has 15 or 18 characters (§5). A column the file leaves out keeps what is stored.
 */
import { eq } from 'drizzle-orm';
import { otherPeople } from '@server/db/schema';
import { choice, ID_TYPES, idNumber, limited, phone } from './cells';
import { eachWithProgress, planOf, refusedPlan, type ImportRules, type Reader } from './kind';
import { insertRecords, sameAsStored, updateRecords } from './records';
import { firstRows, readTable, type Column } from './table';

type Key = 'name' | 'idType' | 'idCard' | 'phone';

const COLUMNS: readonly Column<Key>[] = [
  { key: 'name', zh: '姓名', en: 'name', aliases: ['realName'], required: true, example: '赵外来' },
  { key: 'idType', zh: '证件类型', en: 'idType', example: '身份证' },
  {
    key: 'idCard',
    text: true,
    zh: '证件号码',
    en: 'idCard',
    aliases: ['身份证号', 'idNumber'],
    required: true,
    example: '110101199003037772',
  },
  {
    key: 'phone',
    text: true,
    zh: '预留手机号',
    en: 'phone',
    aliases: ['手机号', '财务预留手机号', 'reservedPhone'],
    example: '13900000003',
  },
];

type OtherFields = { name: string; idType: number; idCard: string; phone?: string | null };

const SHAPE = { name: 'text', id_type: 'smallint', id_card: 'text', phone: 'text' };
const recordOf = (r: OtherFields & { id?: number }) => ({
  id: r.id,
  name: r.name,
  id_type: r.idType,
  id_card: r.idCard,
  phone: r.phone ?? null,
});

/** Document type and number, x made X (a number stored with a small x is still the same person). */
const keyOf = (idType: number, idCard: string) => `${idType}\u0000${idCard.toUpperCase()}`;

/** The tenant's outside people by key; the exact spelling first when two differ only by x. */
async function storedOthers(db: Reader, tenantId: string) {
  const rows = await db
    .select({
      id: otherPeople.id,
      name: otherPeople.name,
      idType: otherPeople.idType,
      idCard: otherPeople.idCard,
      phone: otherPeople.phone,
    })
    .from(otherPeople)
    .where(eq(otherPeople.tenantId, tenantId));
  const byKey = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const key = keyOf(r.idType, r.idCard);
    if (!byKey.has(key) || r.idCard === r.idCard.toUpperCase()) byKey.set(key, r);
  }
  return byKey;
}

export const otherPeopleImport: ImportRules = {
  kind: 'other-people',
  columns: COLUMNS,
  async plan(db, tenantId, sheet, _options, progress) {
    const table = readTable(sheet, COLUMNS);
    if (!table.headerOk) return refusedPlan(table.rows.length, table.problems);
    await progress.phase('validate', table.rows.length);
    const known = await storedOthers(db, tenantId);
    const first = firstRows<Key>();
    const inserts: OtherFields[] = [];
    const updates: (OtherFields & { id: number })[] = [];
    let unchanged = 0;
    await eachWithProgress(table.rows, progress, (row) => {
      const name = row.required('name');
      const idType = choice(row, 'idType', ID_TYPES, 1);
      const idCard = idNumber(row, 'idCard', idType === null ? null : idType === 1);
      const contact = phone(row, 'phone');
      if (name !== null) limited(row, 'name', name, 60);
      if (idType === null || idCard === null || !first(row, 'idCard', keyOf(idType, idCard))) return;
      if (!row.clean || name === null) return;
      const given: OtherFields = {
        name,
        idType,
        idCard,
        phone: row.has('phone') ? (contact ?? null) : undefined,
      };
      const stored = known.get(keyOf(idType, idCard));
      if (!stored) return void inserts.push(given);
      if (sameAsStored(stored, given)) return void unchanged++;
      updates.push({ ...given, id: stored.id });
    });
    const counts = { rows: table.rows.length, created: inserts.length, updated: updates.length, unchanged };
    const fields = ['name', 'id_card', ...(table.at.phone === undefined ? [] : ['phone'])];
    return planOf(counts, table.problems, async (tx, storeProgress) => {
      await storeProgress.phase('commit', inserts.length + updates.length);
      await insertRecords(tx, tenantId, 'other_people', SHAPE, inserts.map(recordOf), (n) =>
        storeProgress.tick(n),
      );
      await updateRecords(tx, tenantId, 'other_people', SHAPE, fields, updates.map(recordOf), (n) =>
        storeProgress.tick(inserts.length + n),
      );
    });
  },
};
