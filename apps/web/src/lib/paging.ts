/** MyBatis-Plus paging (ARCHITECTURE: `current`, `size` in; `{records,total,size,current,pages}` out). */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export const PAGE_SIZE = 10;

/** The page after this one, or undefined when this was the last (for useInfiniteQuery). */
export const nextPageOf = (page: Page<unknown>): number | undefined =>
  page.current < page.pages ? page.current + 1 : undefined;
