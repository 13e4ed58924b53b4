/**
 * The wire of bulk loading by the finance office (/api/blade-finance/admin/import/*, issue 15):
 * upload a file as a job, poll its progress and dry-run report, commit it, download the template and
 * the report. Amounts in files are yuan; nothing here carries money.
 */
import { z } from 'zod';
import { pageQuery } from './envelope';
import { id } from './fields';

import { IMPORT_KINDS, type ImportKind } from '../import-kinds';

export type { ImportKind };

/** checking (parse, validate) -> checked (the dry-run report) -> committing -> committed; or failed. */
export const IMPORT_STATUSES = ['checking', 'checked', 'committing', 'committed', 'failed'] as const;
export const IMPORT_PHASES = ['parse', 'validate', 'commit'] as const;

export const importKindParam = z.object({ kind: z.enum(IMPORT_KINDS) });
export const importJobParam = z.object({ id });

const flag = z.enum(['0', '1', 'true', 'false']).optional();

export const importUploadQuery = z.object({
  fileName: z.string().trim().max(200).optional().describe('the file’s name, shown in the job list'),
  period: z.string().trim().max(7).optional().describe('salary only: the month loaded, YYYY-MM'),
  replace: flag.describe('salary only: 1 replaces the month’s slips already stored'),
});

export const importProblemSchema = z.object({
  row: z.number().describe('the file’s line as a spreadsheet numbers it (1 = header, 0 = the whole file)'),
  column: z.string().describe('the column’s header as the file wrote it ("" = the whole row or file)'),
  value: z.string().describe('what the cell held'),
  message: z.string().describe('in the caller’s language'),
});

export const importJobSchema = z.object({
  id: z.number(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  phase: z.enum(IMPORT_PHASES),
  done: z.number().describe('rows done in the phase'),
  total: z.number().describe('rows the phase has to do'),
  rows: z.number().describe('data rows of the file'),
  created: z.number().describe('rows that create a record (would, before the commit)'),
  updated: z.number(),
  unchanged: z.number(),
  errorCount: z.number(),
  errors: z.array(importProblemSchema).describe('the first 500 problems; the XLSX report has them all'),
  failure: z.string().nullable().describe('why the job failed, when it did'),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobListQuery = pageQuery.extend({ kind: z.enum(IMPORT_KINDS).optional() });

export const importJobSummarySchema = importJobSchema
  .omit({ errors: true })
  .extend({ uploadedBy: z.string().nullable().describe('who uploaded the file (name, else account)') });
export type ImportJobSummary = z.infer<typeof importJobSummarySchema>;
