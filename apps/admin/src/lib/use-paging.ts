/** Server-side paging of a queue (MyBatis-Plus current/size): the page asked for and antd's pagination. */
import type { Page } from '@cf/shared/wire/envelope';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { t } from './i18n/i18n';

export interface Paging {
  current: number;
  size: number;
  /** antd Table's pagination for a reply (or none yet); changing page or size asks again. */
  pagination: (page: Page<unknown> | undefined) => TablePaginationConfig;
  /** Back to the first page (a new tab or filter). */
  reset: () => void;
}

/**
 * antd Table's pagination for a server page held by the caller (a query object, a page state): the
 * total from the reply, the sizes on offer, and "N in all". A new size starts again at page 1.
 */
export function serverPagination(
  at: { current: number; size: number },
  total: number | undefined,
  onChange: (current: number, size: number) => void,
): TablePaginationConfig {
  return {
    current: at.current,
    pageSize: at.size,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (all) => t('common.total', { total: all }),
    onChange: (current, size) => onChange(size === at.size ? current : 1, size),
  };
}

export function usePaging(initialSize = 20): Paging {
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(initialSize);
  return {
    current,
    size,
    reset: () => setCurrent(1),
    pagination: (page) =>
      serverPagination({ current, size }, page?.total, (nextCurrent, nextSize) => {
        setCurrent(nextCurrent);
        setSize(nextSize);
      }),
  };
}
