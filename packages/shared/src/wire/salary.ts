/**
 * The wire of salary and other income (/api/blade-finance/salary/*) and of their loading by the
 * finance office (/api/blade-finance/admin/salary/*). Money is integer fen.
 */
import { z } from 'zod';
import { SALARY_GROUPS } from '../salary';
import { pageQuery } from './envelope';
import { count } from './fields';

export const yearQuery = z.object({
  year: count(2000, 2100).optional().describe('calendar year; default: the newest year with data'),
});

export const slipMonthSchema = z.object({
  id: z.number(),
  period: z.string().describe('YYYY-MM'),
  payDate: z.string(),
  netFen: z.number(),
});

export const salaryIndexSchema = z.object({
  years: z.array(z.number()).describe('years with slips, newest first'),
  year: z.number().nullable(),
  months: z.array(slipMonthSchema).describe('the year’s slips, newest month first'),
  totals: z
    .object({ grossFen: z.number(), deductionFen: z.number(), taxFen: z.number(), netFen: z.number() })
    .describe('the year’s sums: gross - deduction - tax = net'),
  lastTwelve: z
    .array(z.object({ period: z.string(), netFen: z.number() }))
    .describe('net pay of the last 12 months with a slip, oldest first'),
});
export type SalaryIndex = z.infer<typeof salaryIndexSchema>;

export const slipItemSchema = z.object({
  name: z.string(),
  group: z.enum(SALARY_GROUPS),
  amountFen: z.number(),
});

export const slipDetailSchema = z.object({
  id: z.number(),
  period: z.string(),
  payDate: z.string(),
  grossFen: z.number(),
  deductionFen: z.number(),
  taxFen: z.number(),
  netFen: z.number(),
  items: z.array(slipItemSchema).describe('in the order of the slip'),
  prevId: z.number().nullable().describe('the slip of the month before, if any'),
  nextId: z.number().nullable(),
});
export type SlipDetail = z.infer<typeof slipDetailSchema>;

export const otherIncomeSchema = z.object({
  id: z.number(),
  project: z.string(),
  department: z.string(),
  paidOn: z.string(),
  amountFen: z.number(),
  taxFen: z.number(),
  netFen: z.number(),
});
export type OtherIncome = z.infer<typeof otherIncomeSchema>;

export const otherIncomeYearSchema = z.object({
  years: z.array(z.number()),
  year: z.number().nullable(),
  records: z.array(otherIncomeSchema),
  totals: z.object({ amountFen: z.number(), taxFen: z.number(), netFen: z.number() }),
});
export type OtherIncomeYear = z.infer<typeof otherIncomeYearSchema>;

/* ---- loading by the finance office ---- */

const flag = z.enum(['0', '1', 'true', 'false']).optional();

export const slipImportQuery = z.object({
  // Optional here so a caller without the role hears 403 before any 400: the service requires it.
  period: z.string().trim().max(7).optional().describe('the month loaded, YYYY-MM (required)'),
  replace: flag.describe('1: replace the month’s slips already stored'),
  dryRun: flag.describe('1: validate and report only'),
});

export const otherIncomeImportQuery = z.object({
  dryRun: flag.describe('1: validate and report only'),
});

export const importProblemSchema = z.object({
  row: z.number().describe('line of the file (1 = header); 0 for the file as a whole'),
  column: z.string(),
  message: z.string(),
});

export const importReportSchema = z.object({
  stored: z.boolean().describe('false for a dry run or a file with problems'),
  rows: z.number().describe('data rows read'),
  replaced: z.number().describe('slips of the month replaced'),
  errors: z.array(importProblemSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const adminSlipQuery = pageQuery.extend({
  period: z.string().trim().max(7).optional(),
  staff: z.string().trim().max(64).optional().describe('a staff number or name'),
});

export const adminSlipSchema = slipDetailSchema.omit({ prevId: true, nextId: true }).extend({
  staffNo: z.string(),
  staffName: z.string(),
});

export const salaryMonthSchema = z.object({
  period: z.string().describe('YYYY-MM'),
  slips: z.number(),
  grossFen: z.number(),
  netFen: z.number(),
  payDate: z.string().describe('the latest pay date of the month’s slips'),
  loadedAt: z.string().describe('when the month was last loaded (ISO time)'),
});
export type SalaryMonth = z.infer<typeof salaryMonthSchema>;

export const incomeBatchSchema = z.object({
  project: z.string(),
  department: z.string(),
  paidOn: z.string(),
  records: z.number(),
  amountFen: z.number(),
  taxFen: z.number(),
  netFen: z.number(),
  loadedAt: z.string(),
});
export type IncomeBatch = z.infer<typeof incomeBatchSchema>;
