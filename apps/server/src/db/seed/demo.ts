/**
 * Demo data, written once into an empty database: the platform tenant, two schools, their
 * params, people the schools know and the demo accounts (all with password Demo@2024).
 */
import { md5Hex } from '@cf/shared/wire-crypto';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '@server/modules/auth/password';
import type { Db } from '../client';
import { seedFinanceDemo } from './finance';
import { seedInvoiceDemo } from './invoice';
import { seedSalaryDemo } from './salary';
import { seedSignatureDemo } from './signature';
import { seedProfileDemo } from './profile';
import type { FileStore } from '@server/gateways/file-store';
import { seedNoticeDemo } from './notices';
import {
  dicts,
  employees,
  menus,
  otherPeople,
  params,
  roleMenus,
  roles,
  students,
  tenants,
  userBindings,
  users,
} from '../schema';

export const DEMO_PASSWORD = 'Demo@2024';
export const DEMO_STAFF_PASSWORD = 'Staff@2024';

export const DEMO_ACCOUNTS = [
  {
    tenantId: '100001',
    account: 'student1',
    phone: '13800000001',
    note: 'bound student S2024001 of Demo University',
  },
  {
    tenantId: '100001',
    account: 'teacher1',
    phone: '13800000002',
    note: 'bound employee E1001 of Demo University',
  },
  { tenantId: '100001', account: 'guest1', phone: '13800000003', note: 'not bound yet, Demo University' },
  {
    tenantId: '100002',
    account: 'student2',
    phone: '13800000004',
    note: 'bound student C2024001 of Demo College',
  },
] as const;

/** WeChat people the OAuth stand-in offers on its authorize page. */
export const DEMO_WECHAT_USERS = [
  { openId: 'o-demo-wechat-0001', nickname: '微信用户甲 / WeChat user A' },
  { openId: 'o-demo-wechat-0002', nickname: '微信用户乙 / WeChat user B' },
  { openId: 'o-demo-wechat-0003', nickname: '微信用户丙 / WeChat user C' },
] as const;

export const MENU_TREE = [
  {
    code: 'mobile',
    name: '移动端',
    nameEn: 'Mobile',
    category: 1,
    children: [
      {
        code: 'mobile_fee',
        name: '缴费',
        nameEn: 'Fees',
        category: 1,
        children: [
          { code: 'fee_pay', name: '缴费', nameEn: 'Pay' },
          { code: 'fee_offline', name: '线下缴费登记', nameEn: 'Record other-means payment' },
        ],
      },
      {
        code: 'mobile_order',
        name: '订单',
        nameEn: 'Orders',
        category: 1,
        children: [
          { code: 'order_cancel', name: '取消订单', nameEn: 'Cancel order' },
          { code: 'invoice_apply', name: '申请发票', nameEn: 'Request invoice' },
        ],
      },
      {
        code: 'mobile_user',
        name: '我的',
        nameEn: 'Mine',
        category: 1,
        children: [
          { code: 'salary_view', name: '薪酬查询', nameEn: 'Salary' },
          { code: 'bank_change', name: '变更银行卡', nameEn: 'Change bank card' },
        ],
      },
    ],
  },
] as const;

const ROLE_BUTTONS: Record<string, string[]> = {
  student: [
    'mobile',
    'mobile_fee',
    'fee_pay',
    'fee_offline',
    'mobile_order',
    'order_cancel',
    'invoice_apply',
    'mobile_user',
    'bank_change',
  ],
  employee: [
    'mobile',
    'mobile_fee',
    'fee_pay',
    'mobile_order',
    'order_cancel',
    'invoice_apply',
    'mobile_user',
    'salary_view',
    'bank_change',
  ],
  other: ['mobile', 'mobile_fee', 'fee_pay', 'mobile_order', 'order_cancel', 'invoice_apply', 'mobile_user'],
  visitor: ['mobile'],
};

const ROLE_NAMES: Record<string, string> = {
  student: '学生',
  employee: '教职工',
  other: '校外人员',
  visitor: '访客',
};

type MenuNode = {
  code: string;
  name: string;
  nameEn: string;
  category?: number;
  children?: readonly MenuNode[];
};

export async function seedMenus(db: Db, nodes: readonly MenuNode[], parentId: number | null) {
  let sort = 0;
  for (const node of nodes) {
    const [row] = await db
      .insert(menus)
      .values({
        parentId,
        code: node.code,
        name: node.name,
        nameEn: node.nameEn,
        category: node.category ?? 2,
        sort: sort++,
      })
      .returning({ id: menus.id });
    if (node.children) await seedMenus(db, node.children, row!.id);
  }
}

export async function seedTenantBasics(db: Db, tenantId: string, tenantParams: Record<string, string>) {
  await db.insert(params).values(
    Object.entries(tenantParams).map(([paramKey, paramValue]) => ({
      tenantId,
      paramType: paramKey.split('_')[0] ?? 'system',
      paramKey,
      paramValue,
    })),
  );
  await db.insert(dicts).values([
    { tenantId, code: 'flow', dictKey: 'fee', dictValue: '学生缴费', remark: 'fee', sort: 1 },
    { tenantId, code: 'flow', dictKey: 'other', dictValue: '综合缴费', remark: 'feeOther', sort: 2 },
    { tenantId, code: 'flow', dictKey: 'order', dictValue: '我的订单', remark: 'order', sort: 3 },
    { tenantId, code: 'flow', dictKey: 'notice', dictValue: '通知公告', remark: 'noticeList', sort: 4 },
  ]);
  const allMenus = await db.select({ id: menus.id, code: menus.code }).from(menus);
  const roleIds: Record<string, number> = {};
  for (const alias of Object.keys(ROLE_BUTTONS)) {
    const [role] = await db
      .insert(roles)
      .values({ tenantId, roleAlias: alias, roleName: ROLE_NAMES[alias]! })
      .returning({ id: roles.id });
    roleIds[alias] = role!.id;
    const codes = new Set(ROLE_BUTTONS[alias]);
    const rows = allMenus.filter((m) => codes.has(m.code)).map((m) => ({ roleId: role!.id, menuId: m.id }));
    if (rows.length) await db.insert(roleMenus).values(rows);
  }
  return roleIds;
}

/** Seeds the demo data unless it is there already; returns true when it wrote anything. */
/** Any constant: several demo processes starting at once on one PostgreSQL seed one after another. */
const DEMO_SEED_LOCK = 7_310_002;

const isSeeded = async (db: Db) =>
  (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.tenantId, '100001'))).length > 0;

/** files: where the demo notices' attachment files go (none in tests: their rows only). */
export async function seedDemo(db: Db, files?: FileStore): Promise<boolean> {
  if (await isSeeded(db)) return false;

  // Side by side: argon2 runs on libuv's threads, and this is on the path of a first start.
  const [demoHash, staffHash] = await Promise.all([
    hashPassword(md5Hex(DEMO_PASSWORD)),
    hashPassword(md5Hex(DEMO_STAFF_PASSWORD)),
  ]);

  return db.transaction(async (tx) => {
    // Held until this transaction ends; a process that waited here finds the data of the first.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    if (await isSeeded(tx as unknown as Db)) return false;
    await tx.insert(tenants).values([
      { tenantId: '000000', tenantName: '管理平台', tenantNameEn: 'Platform', mobileModules: [] },
      {
        tenantId: '100001',
        tenantName: '演示大学',
        tenantNameEn: 'Demo University',
        mobileModules: [
          'fee',
          'feeOther',
          'order',
          'notice',
          'invoice',
          'signature',
          'salary',
          'enroll',
          'recharge',
        ],
        wechatMpAppId: 'wxdemo0000100001',
        wechatMpSecret: 'demo-mp-secret-100001',
        wechatWorkCorpId: 'wwdemo0000100001',
        wechatWorkAgentId: '1000001',
        wechatWorkSecret: 'demo-work-secret-100001',
      },
      {
        tenantId: '100002',
        tenantName: '演示学院',
        tenantNameEn: 'Demo College',
        mobileModules: 'fee,feeOther,order,notice',
        wechatMpAppId: 'wxdemo0000100002',
        wechatMpSecret: 'demo-mp-secret-100002',
      },
    ]);
    // The menus are global: a database seeded with a school first (seed:school) has them already.
    if ((await tx.select({ id: menus.id }).from(menus).limit(1)).length === 0)
      await seedMenus(tx as unknown as Db, MENU_TREE, null);

    const uni = await seedTenantBasics(tx as unknown as Db, '100001', {
      account_registerPhone: '1',
      account_disableUserCenter: '0',
      bind_userTypes: 'student,employee,other',
      bind_studentNo: '1',
      bind_studentNoAlias: '',
      bind_employeeField: '1',
      bind_employeeRule: '1',
      bind_registerEmail: '1',
      bind_registerPhone: '1',
    });
    const college = await seedTenantBasics(tx as unknown as Db, '100002', {
      account_registerPhone: '0',
      account_disableUserCenter: '0',
      bind_userTypes: 'student,other',
      bind_studentNo: '0',
      bind_studentNoAlias: '学籍号',
      bind_employeeField: '1',
      bind_employeeRule: '0',
      bind_registerEmail: '2',
      bind_registerPhone: '0',
    });

    const uniStudents = await tx
      .insert(students)
      .values([
        {
          tenantId: '100001',
          studentNo: 'S2024001',
          studentName: '张三',
          idCard: '110101200401071234',
          startYear: 2024,
          major: '会计学',
          college: '经济管理学院',
          className: '会计2401',
          phone: '13800000001',
        },
        {
          tenantId: '100001',
          studentNo: 'S2024002',
          studentName: '李四',
          idCard: '110101200402051235',
          startYear: 2024,
          major: '金融学',
          college: '经济管理学院',
          className: '金融2401',
          phone: '13800000011',
        },
        {
          tenantId: '100001',
          studentNo: 'S2024003',
          studentName: '王五',
          idCard: '110101200403031236',
          startYear: 2024,
          major: '计算机科学',
          college: '信息工程学院',
          className: '计科2402',
          phone: '13800000012',
        },
        {
          tenantId: '100001',
          studentNo: 'S2023001',
          studentName: '赵六',
          idCard: '11010120030401123X',
          startYear: 2023,
          major: '法学',
          college: '法学院',
          className: '法学2301',
          phone: '13800000013',
        },
      ])
      .returning({ id: students.id, studentNo: students.studentNo });
    const [uniTeacher] = await tx
      .insert(employees)
      .values([
        {
          tenantId: '100001',
          employeeNo: 'E1001',
          employeeName: '陈老师',
          idCard: '110101198001051111',
          passwordHash: staffHash,
          phone: '13800000002',
          department: '财务处',
        },
        {
          tenantId: '100001',
          employeeNo: 'E1002',
          employeeName: '刘老师',
          idCard: '110101198204022222',
          passwordHash: staffHash,
          phone: '13800000021',
          department: '教务处',
        },
      ])
      .returning({ id: employees.id });
    await tx.insert(otherPeople).values([
      { tenantId: '100001', idType: 1, idCard: '110101199001003333', name: '周七', phone: '13800000031' },
      { tenantId: '100001', idType: 2, idCard: 'E12345678', name: '吴八', phone: '13800000032' },
    ]);
    const collegeStudents = await tx
      .insert(students)
      .values([
        // Two students share one ID card (a re-admitted student): binding by ID card must offer a choice.
        {
          tenantId: '100002',
          studentNo: 'C2024001',
          studentName: '孙九',
          idCard: '320102200501005555',
          startYear: 2024,
          major: '护理',
          college: '医学院',
          className: '护理2401',
          phone: '13800000004',
        },
        {
          tenantId: '100002',
          studentNo: 'C2021007',
          studentName: '孙九',
          idCard: '320102200501005555',
          startYear: 2021,
          major: '药学',
          college: '医学院',
          className: '药学2102',
          phone: '13800000004',
        },
        {
          tenantId: '100002',
          studentNo: 'C2024002',
          studentName: '郑十',
          idCard: '320102200502046666',
          startYear: 2024,
          major: '护理',
          college: '医学院',
          className: '护理2401',
          phone: '13800000041',
        },
      ])
      .returning({ id: students.id, studentNo: students.studentNo });
    await tx
      .insert(otherPeople)
      .values([
        { tenantId: '100002', idType: 1, idCard: '320102199001097777', name: '钱十一', phone: '13800000051' },
      ]);

    const [student1, teacher1] = await tx
      .insert(users)
      .values([
        {
          tenantId: '100001',
          account: 'student1',
          phone: '13800000001',
          realName: '张三',
          nickName: '张三',
          userType: 'student',
          passwordHash: demoHash,
          roleIds: String(uni.student),
          financePhone: '13800000001',
          bankCard: '6222020200112233446',
          bankName: '中国工商银行',
        },
        {
          tenantId: '100001',
          account: 'teacher1',
          phone: '13800000002',
          realName: '陈老师',
          nickName: '陈老师',
          userType: 'employee',
          passwordHash: demoHash,
          roleIds: String(uni.employee),
          financePhone: '13800000002',
        },
      ])
      .returning({ id: users.id });
    await tx.insert(users).values({
      tenantId: '100001',
      account: 'guest1',
      phone: '13800000003',
      realName: '',
      nickName: 'guest1',
      passwordHash: demoHash,
      roleIds: String(uni.visitor),
    });
    const [student2] = await tx
      .insert(users)
      .values({
        tenantId: '100002',
        account: 'student2',
        phone: '13800000004',
        realName: '孙九',
        nickName: '孙九',
        userType: 'student',
        passwordHash: demoHash,
        roleIds: String(college.student),
        financePhone: '13800000004',
      })
      .returning({ id: users.id });

    await tx.insert(userBindings).values([
      {
        tenantId: '100001',
        userId: student1!.id,
        userType: 'student',
        studentId: uniStudents.find((s) => s.studentNo === 'S2024001')!.id,
      },
      { tenantId: '100001', userId: teacher1!.id, userType: 'employee', employeeId: uniTeacher!.id },
      {
        tenantId: '100002',
        userId: student2!.id,
        userType: 'student',
        studentId: collegeStudents.find((s) => s.studentNo === 'C2024001')!.id,
      },
    ]);
    await seedFinanceDemo(tx as unknown as Db);
    await seedInvoiceDemo(tx as unknown as Db);
    await seedSalaryDemo(tx as unknown as Db);
    await seedSignatureDemo(tx as unknown as Db);
    await seedProfileDemo(tx as unknown as Db);
    await seedNoticeDemo(tx as unknown as Db, files);
    return true;
  });
}
