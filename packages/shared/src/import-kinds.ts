/** What the finance office can load in bulk (issue 15); no zod here, so the console may import it. */
export const IMPORT_KINDS = [
  'people',
  'other-people',
  'enrollees',
  'fee-items',
  'receivables',
  'salary',
  'other-income',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
