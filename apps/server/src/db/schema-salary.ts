/**
 * Salary slips and other income of staff members (issue 13). A slip is a header per person per
 * month plus its items as rows (items vary by school and month); the sums are CHECKed here too,
 * so no path into the table can store a slip whose gross − deductions − tax is not its net.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './schema';

export const salarySlips = pgTable(
  'salary_slips',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** The person paid: employees.id of the tenant. */
    employeeId: integer('employee_id').notNull(),
    /** YYYY-MM */
    period: text('period').notNull(),
    /** YYYY-MM-DD */
    payDate: text('pay_date').notNull(),
    grossFen: bigint('gross_fen', { mode: 'number' }).notNull(),
    deductionFen: bigint('deduction_fen', { mode: 'number' }).notNull(),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull(),
    netFen: bigint('net_fen', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('salary_slips_person_period').on(t.tenantId, t.employeeId, t.period),
    index('salary_slips_tenant_period').on(t.tenantId, t.period),
    check('salary_slips_sum', sql`${t.grossFen} - ${t.deductionFen} - ${t.taxFen} = ${t.netFen}`),
  ],
);

export const salaryItems = pgTable(
  'salary_items',
  {
    id: serial('id').primaryKey(),
    slipId: integer('slip_id')
      .notNull()
      .references(() => salarySlips.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** income | deduction | tax */
    group: text('group').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    sort: smallint('sort').notNull(),
  },
  (t) => [
    index('salary_items_slip').on(t.slipId),
    check('salary_items_group', sql`${t.group} in ('income', 'deduction', 'tax')`),
  ],
);

export const otherIncomes = pgTable(
  'other_incomes',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    employeeId: integer('employee_id').notNull(),
    /** e.g. exam invigilation, a research grant */
    project: text('project').notNull(),
    /** The paying department. */
    department: text('department').notNull(),
    /** YYYY-MM-DD */
    paidOn: text('paid_on').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull(),
    netFen: bigint('net_fen', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('other_incomes_record').on(t.tenantId, t.employeeId, t.project, t.department, t.paidOn),
    index('other_incomes_person').on(t.tenantId, t.employeeId, t.paidOn),
    check('other_incomes_sum', sql`${t.amountFen} - ${t.taxFen} = ${t.netFen}`),
  ],
);
