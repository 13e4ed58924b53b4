/**
 * Demo pay (issue 13): 24 months of slips and some other income for teacher1 (E1001) and for a second
 * staff member, teacher2 (a new employee E1003 王老师, phone 13800000022, password Demo@2024 like every
 * demo account), so each can look up their own pay and neither the other's. E1002 stays unbound: the
 * binding stories bind it.
 */
import { itemTotals, type SalaryGroup } from '@cf/shared/salary';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { employees, roles, userBindings, users } from '../schema';
import { otherIncomes, salaryItems, salarySlips } from '../schema-salary';

const TENANT = '100001';
/** The newest month with a slip; 24 months back from it are seeded. */
const LAST_PERIOD = { year: 2026, month: 10 };

interface ItemSeed {
  name: string;
  group: SalaryGroup;
  fen: (month: number) => number;
}

/** Items of a staff member's slip; `month` counts from the oldest seeded month (0..23). */
const itemsFor = (base: number): ItemSeed[] => [
  { name: '基本工资', group: 'income', fen: (m) => base + (m >= 12 ? 30_000 : 0) },
  { name: '岗位津贴', group: 'income', fen: () => Math.round(base * 0.4) },
  { name: '绩效工资', group: 'income', fen: (m) => 150_000 + ((m * 7919) % 9) * 10_000 },
  { name: '交通补贴', group: 'income', fen: () => 30_000 },
  { name: '养老保险', group: 'deduction', fen: () => Math.round(base * 0.08) },
  { name: '医疗保险', group: 'deduction', fen: () => Math.round(base * 0.02) },
  { name: '住房公积金', group: 'deduction', fen: () => Math.round(base * 0.12) },
  { name: '个人所得税', group: 'tax', fen: (m) => 28_000 + ((m * 31) % 7) * 1_500 },
];

const periodAt = (back: number) => {
  const index = LAST_PERIOD.year * 12 + (LAST_PERIOD.month - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

async function seedSlips(db: Db, employeeId: number, base: number) {
  const items = itemsFor(base);
  for (let back = 23; back >= 0; back--) {
    const period = periodAt(back);
    const month = 23 - back;
    const rows = items.map((item, sort) => ({
      name: item.name,
      group: item.group,
      amountFen: item.fen(month),
      sort,
    }));
    const { grossFen, deductionFen, taxFen } = itemTotals(rows);
    const [slip] = await db
      .insert(salarySlips)
      .values({
        tenantId: TENANT,
        employeeId,
        period,
        payDate: `${period}-15`,
        grossFen,
        deductionFen,
        taxFen,
        netFen: grossFen - deductionFen - taxFen,
      })
      .returning({ id: salarySlips.id });
    await db.insert(salaryItems).values(rows.map((r) => ({ slipId: slip!.id, ...r })));
  }
}

const INCOME = [
  { project: '期末考试监考费', department: '教务处', back: 22, amountFen: 60_000, taxFen: 0 },
  { project: '科研项目劳务费', department: '科研处', back: 18, amountFen: 500_000, taxFen: 80_000 },
  { project: '学术讲座酬金', department: '研究生院', back: 13, amountFen: 200_000, taxFen: 24_000 },
  { project: '期末考试监考费', department: '教务处', back: 10, amountFen: 60_000, taxFen: 0 },
  { project: '招生宣传补贴', department: '招生办', back: 6, amountFen: 120_000, taxFen: 0 },
  { project: '科研项目劳务费', department: '科研处', back: 2, amountFen: 800_000, taxFen: 140_000 },
];

export async function seedSalaryDemo(db: Db): Promise<void> {
  const [teacher1] = await db
    .select()
    .from(employees)
    .where(and(eq(employees.tenantId, TENANT), eq(employees.employeeNo, 'E1001')));
  const [teacher2] = await db
    .insert(employees)
    .values({
      tenantId: TENANT,
      employeeNo: 'E1003',
      employeeName: '王老师',
      idCard: '110101198503073337',
      phone: '13800000022',
      department: '科研处',
    })
    .returning();
  await seedSlips(db, teacher1!.id, 650_000);
  await seedSlips(db, teacher2!.id, 520_000);
  await db.insert(otherIncomes).values(
    [
      ...INCOME.map((r) => ({ ...r, employeeId: teacher1!.id })),
      ...INCOME.slice(0, 3).map((r) => ({ ...r, employeeId: teacher2!.id })),
    ].map(({ back, ...r }) => ({
      tenantId: TENANT,
      ...r,
      paidOn: `${periodAt(back)}-20`,
      netFen: r.amountFen - r.taxFen,
    })),
  );

  // teacher2: a second staff account (same password as teacher1's), bound to E1002.
  const [model] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, TENANT), eq(users.account, 'teacher1')));
  const [employeeRole] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, TENANT), eq(roles.roleAlias, 'employee')));
  const [user] = await db
    .insert(users)
    .values({
      tenantId: TENANT,
      account: 'teacher2',
      phone: teacher2!.phone,
      realName: teacher2!.employeeName,
      nickName: teacher2!.employeeName,
      userType: 'employee',
      passwordHash: model!.passwordHash,
      roleIds: String(employeeRole!.id),
      financePhone: teacher2!.phone,
    })
    .returning({ id: users.id });
  await db
    .insert(userBindings)
    .values({ tenantId: TENANT, userId: user!.id, userType: 'employee', employeeId: teacher2!.id });
}
