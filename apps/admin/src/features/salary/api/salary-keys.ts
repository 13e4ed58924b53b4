/** The salary screen's query key. */
export const SALARY_KEY = ['admin-salary'] as const;

/** Months and batches are written by 批量导入 (the one door): every visit reads them again. */
export const SALARY_STALE_MS = 0;
