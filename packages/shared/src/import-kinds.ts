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

/** The largest file an import takes (20 MB): the server refuses more with 413, the console before sending. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
