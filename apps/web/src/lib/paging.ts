/** MyBatis-Plus paging (ARCHITECTURE: `current`, `size` in; `{records,total,size,current,pages}` out). */
import type { Page } from '@cf/shared/wire/envelope';

export type { Page };

export const PAGE_SIZE = 10;

/** The page after this one, or undefined when this was the last (for useInfiniteQuery). */
export const nextPageOf = (page: Page<unknown>): number | undefined =>
  page.current < page.pages ? page.current + 1 : undefined;
