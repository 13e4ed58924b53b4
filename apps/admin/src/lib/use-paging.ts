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

export function usePaging(initialSize = 20): Paging {
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(initialSize);
  return {
    current,
    size,
    reset: () => setCurrent(1),
    pagination: (page) => ({
      current,
      pageSize: size,
      total: page?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50, 100],
      showTotal: (total) => t('common.total', { total }),
      onChange: (nextCurrent, nextSize) => {
        setCurrent(nextSize === size ? nextCurrent : 1);
        setSize(nextSize);
      },
    }),
  };
}
