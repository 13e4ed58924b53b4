/**
 * Demo fees: student receivables over two school years, receivables of a staff member, the
 * comprehensive-fee catalogue (manual items, enrolment fees, top-up), newly admitted students,
 * the tenants' pay channels and the finance-office accounts (finance1, finance2, manager1, admin1 /
 * Demo@2024).
 * Money received in the past is backed by reviewed bills, so received = charge bills - refunds holds.
 */
import { md5Hex } from '@cf/shared/wire-crypto';
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '@server/modules/auth/password';
import type { Db } from '../client';
import { employees, roles, students, users } from '../schema';
import { bills, enrollees, feeItems, payChannels, receivables, type FormField } from '../schema-finance';

const PASSWORD = 'Demo@2024';

interface ReceivableSeed {
  schoolYear: string;
  itemCode: string;
  itemName: string;
  itemNameEn: string;
  allowPartial?: boolean;
  payableFen: number;
  reductionFen?: number;
  deferredFen?: number;
  deferredDeductionFen?: number;
  /** Paid in the past at the bank: written as a reviewed offline bill. */
  paidFen?: number;
  dueDate?: string;
}

const UNI_STUDENT_FEES: ReceivableSeed[] = [
  {
    schoolYear: '2024-2025',
    itemCode: 'TUITION',
    itemName: '学费',
    itemNameEn: 'Tuition',
    allowPartial: true,
    payableFen: 500_000,
    paidFen: 500_000,
    dueDate: '2024-09-30',
  },
  {
    schoolYear: '2024-2025',
    itemCode: 'DORM',
    itemName: '住宿费',
    itemNameEn: 'Accommodation',
    payableFen: 120_000,
    reductionFen: 20_000,
    paidFen: 60_000,
    dueDate: '2024-09-30',
  },
  {
    schoolYear: '2025-2026',
    itemCode: 'TUITION',
    itemName: '学费',
    itemNameEn: 'Tuition',
    allowPartial: true,
    payableFen: 500_000,
    // A deferral of 2,000 yuan, of which a student loan has settled 500.
    deferredFen: 200_000,
    deferredDeductionFen: 50_000,
    dueDate: '2025-09-30',
  },
  {
    schoolYear: '2025-2026',
    itemCode: 'DORM',
    itemName: '住宿费',
    itemNameEn: 'Accommodation',
    payableFen: 120_000,
    dueDate: '2025-09-30',
  },
  {
    schoolYear: '2025-2026',
    itemCode: 'INSURANCE',
    itemName: '医疗保险',
    itemNameEn: 'Medical insurance',
    payableFen: 38_000,
    dueDate: '2025-10-31',
  },
];

const COLLEGE_STUDENT_FEES: ReceivableSeed[] = [
  {
    schoolYear: '2024-2025',
    itemCode: 'TUITION',
    itemName: '学费',
    itemNameEn: 'Tuition',
    allowPartial: true,
    payableFen: 450_000,
    paidFen: 200_000,
  },
  {
    schoolYear: '2025-2026',
    itemCode: 'TUITION',
    itemName: '学费',
    itemNameEn: 'Tuition',
    allowPartial: true,
    payableFen: 450_000,
    reductionFen: 50_000,
  },
  {
    schoolYear: '2025-2026',
    itemCode: 'DORM',
    itemName: '住宿费',
    itemNameEn: 'Accommodation',
    payableFen: 100_000,
    deferredFen: 100_000,
  },
];

const TEACHER_OTHER_FEES: ReceivableSeed[] = [
  {
    schoolYear: '2025',
    itemCode: 'UNION',
    itemName: '工会会费',
    itemNameEn: 'Trade union dues',
    payableFen: 24_000,
  },
  {
    schoolYear: '2025',
    itemCode: 'PARKING',
    itemName: '停车费',
    itemNameEn: 'Parking fee',
    allowPartial: true,
    payableFen: 60_000,
  },
];

const DORM_KEY_FIELDS: FormField[] = [
  { key: 'room', label: '宿舍楼及房间号', labelEn: 'Building and room', required: true, type: 'text' },
  { key: 'phone', label: '联系电话', labelEn: 'Contact phone', required: false, type: 'phone' },
];

async function seedReceivables(
  db: Db,
  tenantId: string,
  category: 'FEE' | 'OTHER',
  person: { type: 'student' | 'employee'; id: number },
  rows: ReceivableSeed[],
) {
  for (const seed of rows) {
    const [row] = await db
      .insert(receivables)
      .values({
        tenantId,
        category,
        personType: person.type,
        personId: person.id,
        schoolYear: seed.schoolYear,
        itemCode: seed.itemCode,
        itemName: seed.itemName,
        itemNameEn: seed.itemNameEn,
        allowPartial: seed.allowPartial ?? false,
        payableFen: seed.payableFen,
        reductionFen: seed.reductionFen ?? 0,
        deferredFen: seed.deferredFen ?? 0,
        deferredDeductionFen: seed.deferredDeductionFen ?? 0,
        receivedFen: seed.paidFen ?? 0,
        dueDate: seed.dueDate ? new Date(`${seed.dueDate}T00:00:00+08:00`) : null,
      })
      .returning();
    if (!seed.paidFen) continue;
    await db.insert(bills).values({
      tenantId,
      billNo: `S${tenantId}${String(row!.id).padStart(8, '0')}`,
      kind: 'CHARGE',
      receivableId: row!.id,
      personType: person.type,
      personId: person.id,
      project: seed.itemName,
      projectEn: seed.itemNameEn,
      priceFen: seed.paidFen,
      quantity: 1,
      amountFen: seed.paidFen,
      method: 'bank_transfer',
      billDate: new Date(`${seed.schoolYear.slice(0, 4)}-09-01T10:00:00+08:00`),
      status: 2,
      source: 'offline',
      note: 'demo',
    });
  }
}

async function personIds(db: Db) {
  const studentId = async (tenantId: string, studentNo: string) => {
    const [row] = await db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.tenantId, tenantId), eq(students.studentNo, studentNo)));
    return row!.id;
  };
  const [teacher] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.tenantId, '100001'), eq(employees.employeeNo, 'E1001')));
  return {
    uniStudent: await studentId('100001', 'S2024001'),
    collegeStudent: await studentId('100002', 'C2024001'),
    teacher: teacher!.id,
  };
}

async function seedCatalogue(db: Db) {
  await db.insert(feeItems).values([
    {
      tenantId: '100001',
      kind: 'manual',
      name: '教材费',
      nameEn: 'Textbooks',
      description: '本学期教材，每套 85 元',
      descriptionEn: 'This term’s textbooks, 85 yuan a set',
      priceFen: 8_500,
      maxQuantity: 5,
      formFields: [
        { key: 'className', label: '班级', labelEn: 'Class', required: false, type: 'text' },
      ] satisfies FormField[],
      schoolYear: '2025-2026',
      sort: 1,
    },
    {
      tenantId: '100001',
      kind: 'manual',
      name: '宿舍钥匙押金',
      nameEn: 'Dormitory key deposit',
      description: '退宿时凭押金单退还',
      descriptionEn: 'Returned when you move out',
      priceFen: 5_000,
      maxQuantity: 1,
      formFields: DORM_KEY_FIELDS,
      userTypes: 'student',
      sort: 2,
    },
    {
      tenantId: '100001',
      kind: 'topup',
      name: '校园卡充值',
      nameEn: 'Campus card top-up',
      description: '单次充值 10 元至 2000 元',
      descriptionEn: 'From 10 to 2,000 yuan at a time',
      minFen: 1_000,
      maxFen: 200_000,
      sort: 3,
    },
    {
      tenantId: '100001',
      kind: 'enroll',
      name: '新生学费',
      nameEn: 'Freshman tuition',
      priceFen: 500_000,
      schoolYear: '2025-2026',
      sort: 4,
    },
    {
      tenantId: '100001',
      kind: 'enroll',
      name: '新生住宿费',
      nameEn: 'Freshman accommodation',
      priceFen: 120_000,
      schoolYear: '2025-2026',
      formFields: [
        {
          key: 'guardianPhone',
          label: '监护人电话',
          labelEn: 'Guardian phone',
          required: true,
          type: 'phone',
        },
      ] satisfies FormField[],
      sort: 5,
    },
    {
      tenantId: '100002',
      kind: 'manual',
      name: '实训服装费',
      nameEn: 'Training uniform',
      priceFen: 15_000,
      maxQuantity: 2,
      sort: 1,
    },
    {
      tenantId: '100002',
      kind: 'topup',
      name: '校园卡充值',
      nameEn: 'Campus card top-up',
      minFen: 1_000,
      maxFen: 200_000,
      sort: 2,
    },
  ]);
  await db.insert(enrollees).values([
    {
      tenantId: '100001',
      name: '林小一',
      idCard: '110101200705061238',
      admissionNo: 'A2025001',
      major: '会计学',
      startYear: 2025,
    },
    {
      tenantId: '100001',
      name: '何小二',
      idCard: '11010120070706124X',
      admissionNo: 'A2025002',
      major: '计算机科学',
      startYear: 2025,
    },
  ]);
  await db.insert(payChannels).values([
    { tenantId: '100001', channel: 'sandbox', enabled: true, sort: 2 },
    {
      tenantId: '100001',
      channel: 'wechat',
      enabled: true,
      // Merchant keys are the pay module's concern (config or a local simulator in demo mode).
      // H5 and Native on too: the demo's phones and desktops pay through the simulator's pages.
      settings: { appId: 'wxdemo0000100001', mchId: '1900000109', h5Enabled: true, nativeEnabled: true },
      sort: 1,
    },
    // Alipay through the demo's Alipay simulator (no keys): phone browsers and desktops pay by it.
    { tenantId: '100001', channel: 'alipay', enabled: true, sort: 3 },
    { tenantId: '100002', channel: 'sandbox', enabled: true, sort: 1 },
  ]);
}

/**
 * The finance-office accounts, Demo@2024: a finance clerk per demo tenant (finance1 of 100001,
 * finance2 of 100002), and in 100001 a finance manager (manager1) and a tenant admin (admin1) too, the
 * console's three role levels (apps/admin/src/lib/roles.ts).
 */
const FINANCE_OFFICE = [
  { tenantId: '100001', account: 'finance1', roleAlias: 'finance', roleName: '财务处', realName: '财务处' },
  { tenantId: '100002', account: 'finance2', roleAlias: 'finance', roleName: '财务处', realName: '财务处' },
  {
    tenantId: '100001',
    account: 'manager1',
    roleAlias: 'finance_manager',
    roleName: '财务主管',
    realName: '财务主管',
  },
  { tenantId: '100001', account: 'admin1', roleAlias: 'admin', roleName: '租户管理员', realName: '管理员' },
] as const;

async function seedFinanceOffice(db: Db) {
  const roleIds = new Map<string, number>();
  for (const { tenantId, account, roleAlias, roleName, realName } of FINANCE_OFFICE) {
    const key = `${tenantId}:${roleAlias}`;
    if (!roleIds.has(key)) {
      const [role] = await db
        .insert(roles)
        .values({ tenantId, roleAlias, roleName })
        .returning({ id: roles.id });
      roleIds.set(key, role!.id);
    }
    await db.insert(users).values({
      tenantId,
      account,
      realName,
      nickName: realName,
      passwordHash: await hashPassword(md5Hex(PASSWORD)),
      roleIds: String(roleIds.get(key)),
    });
  }
}

export async function seedFinanceDemo(db: Db): Promise<void> {
  const ids = await personIds(db);
  await seedReceivables(db, '100001', 'FEE', { type: 'student', id: ids.uniStudent }, UNI_STUDENT_FEES);
  await seedReceivables(
    db,
    '100002',
    'FEE',
    { type: 'student', id: ids.collegeStudent },
    COLLEGE_STUDENT_FEES,
  );
  await seedReceivables(db, '100001', 'OTHER', { type: 'employee', id: ids.teacher }, TEACHER_OTHER_FEES);
  await seedCatalogue(db);
  await seedFinanceOffice(db);
}
