/**
 * Fee items: the comprehensive-fee catalogue (manual items, enrolment fees, top-ups). A row is keyed
 * by kind and name; an item the school has under that name is updated. Prices in yuan.
 */
import { and, eq } from 'drizzle-orm';
import { feeItems } from '@server/db/schema-finance';
import { choice, fen, limited, schoolYear, wholeNumber, type Choices } from './cells';
import { CHUNK, eachWithProgress, planOf, refusedPlan, type ImportRules, type Reader } from './kind';
import { firstRows, readTable, type Column } from './table';

type Key =
  | 'kind'
  | 'name'
  | 'nameEn'
  | 'description'
  | 'price'
  | 'maxQuantity'
  | 'min'
  | 'max'
  | 'userTypes'
  | 'schoolYear'
  | 'status';

const COLUMNS: readonly Column<Key>[] = [
  { key: 'kind', zh: '项目类型', en: 'kind', aliases: ['类型'], required: true, example: '自选项目' },
  { key: 'name', zh: '项目名称', en: 'name', aliases: ['名称'], required: true, example: '毕业纪念册' },
  { key: 'nameEn', zh: '英文名称', en: 'nameEn', example: 'Yearbook' },
  { key: 'description', zh: '说明', en: 'description', example: '每人限购 2 本' },
  { key: 'price', zh: '单价', en: 'price', aliases: ['单价(元)', '价格'], example: '45.00' },
  { key: 'maxQuantity', zh: '最大数量', en: 'maxQuantity', example: '2' },
  { key: 'min', zh: '最低金额', en: 'min', aliases: ['最低金额(元)'], example: '' },
  { key: 'max', zh: '最高金额', en: 'max', aliases: ['最高金额(元)'], example: '' },
  { key: 'userTypes', zh: '适用人员', en: 'userTypes', example: '学生、教职工' },
  { key: 'schoolYear', zh: '学年', en: 'schoolYear', example: '2026-2027' },
  { key: 'status', zh: '状态', en: 'status', example: '上架' },
];

const KINDS: Choices<'manual' | 'enroll' | 'topup'> = [
  ['自选项目', 'manual'],
  ['报名缴费', 'enroll'],
  ['充值', 'topup'],
  ['manual', 'manual'],
  ['enroll', 'enroll'],
  ['topup', 'topup'],
  ['手工', 'manual'],
  ['迎新', 'enroll'],
];
const STATUSES: Choices<number> = [
  ['上架', 1],
  ['下架', 0],
  ['1', 1],
  ['0', 0],
  ['on', 1],
  ['off', 0],
];
const USER_TYPES: Choices<string> = [
  ['学生', 'student'],
  ['教职工', 'employee'],
  ['其他', 'other'],
  ['student', 'student'],
  ['employee', 'employee'],
  ['other', 'other'],
];

type ItemFields = {
  kind: string;
  name: string;
  nameEn?: string;
  description?: string;
  priceFen?: number;
  maxQuantity?: number;
  minFen?: number;
  maxFen?: number;
  userTypes?: string;
  schoolYear?: string;
  status?: number;
};

const same = (stored: Record<string, unknown>, given: Record<string, unknown>) =>
  Object.entries(given).every(([k, v]) => v === undefined || stored[k] === v);

export const feeItemsImport: ImportRules = {
  kind: 'fee-items',
  columns: COLUMNS,
  async plan(db: Reader, tenantId, sheet, _options, progress) {
    const table = readTable(sheet, COLUMNS);
    if (!table.headerOk) return refusedPlan(table.rows.length, table.problems);
    await progress.phase('validate', table.rows.length);
    const stored = await db.select().from(feeItems).where(eq(feeItems.tenantId, tenantId));
    const byKey = new Map<string, (typeof stored)[number][]>();
    for (const item of stored) {
      const key = `${item.kind}\u0000${item.name}`;
      byKey.set(key, [...(byKey.get(key) ?? []), item]);
    }
    const first = firstRows<Key>();
    const inserts: ItemFields[] = [];
    const updates: { id: number; fields: ItemFields }[] = [];
    let unchanged = 0;
    await eachWithProgress(table.rows, progress, (row) => {
      const kind = choice(row, 'kind', KINDS);
      const name = row.required('name');
      if (name !== null) limited(row, 'name', name, 100);
      const userTypes = row
        .text('userTypes')
        .split(/[,，、;；\s]+/)
        .filter(Boolean)
        .map((word) => {
          const found = USER_TYPES.find(([w]) => w.toLowerCase() === word.toLowerCase());
          if (!found)
            row.problem('userTypes', 'imports.choiceInvalid', {
              choices: '学生、教职工、其他',
              choicesEn: 'student, employee, other',
            });
          return found?.[1] ?? '';
        });
      const given: ItemFields = {
        kind: kind ?? '',
        name: name ?? '',
        nameEn: row.has('nameEn') ? (limited(row, 'nameEn', row.text('nameEn'), 100) ?? '') : undefined,
        description: row.has('description')
          ? (limited(row, 'description', row.text('description'), 1000) ?? '')
          : undefined,
        priceFen: row.has('price') ? (fen(row, 'price', false) ?? 0) : undefined,
        maxQuantity: row.has('maxQuantity') ? (wholeNumber(row, 'maxQuantity', 1, 10_000) ?? 1) : undefined,
        minFen: row.has('min') ? (fen(row, 'min', false) ?? 0) : undefined,
        maxFen: row.has('max') ? (fen(row, 'max', false) ?? 0) : undefined,
        userTypes: row.has('userTypes') ? [...new Set(userTypes)].join(',') : undefined,
        schoolYear: row.has('schoolYear') ? (schoolYear(row, 'schoolYear', false) ?? '') : undefined,
        status: row.has('status') ? (choice(row, 'status', STATUSES, 1) ?? 1) : undefined,
      };
      if (
        kind === 'topup' &&
        row.clean &&
        !((given.maxFen ?? 0) > 0 && (given.minFen ?? 0) <= (given.maxFen ?? 0))
      )
        row.problem(row.has('max') ? 'max' : 'kind', 'imports.topupLimits');
      if (kind === null || name === null || !first(row, 'name', `${kind}\u0000${name}`) || !row.clean) return;
      const matches = byKey.get(`${kind}\u0000${name}`) ?? [];
      if (matches.length > 1) return row.problem('name', 'imports.itemAmbiguous', { name });
      const match = matches[0];
      if (!match) return void inserts.push(given);
      if (same(match, given)) return void unchanged++;
      updates.push({ id: match.id, fields: given });
    });
    const counts = { rows: table.rows.length, created: inserts.length, updated: updates.length, unchanged };
    return planOf(counts, table.problems, async (tx, storeProgress) => {
      await storeProgress.phase('commit', inserts.length + updates.length);
      for (let at = 0; at < inserts.length; at += CHUNK)
        await tx
          .insert(feeItems)
          .values(inserts.slice(at, at + CHUNK).map((item) => ({ tenantId, ...item })));
      await storeProgress.tick(inserts.length);
      // A catalogue has tens of items, not thousands: one update each.
      for (const [i, { id, fields }] of updates.entries()) {
        await tx
          .update(feeItems)
          .set(fields)
          .where(and(eq(feeItems.tenantId, tenantId), eq(feeItems.id, id)));
        await storeProgress.tick(inserts.length + i + 1);
      }
    });
  },
};
