/**
 * Takings by channel or by item: a few rows, no paging or sorting, so a plain table in antd's small
 * table look rather than antd's Table (56 KB gz that the dashboard, the first screen, need not load).
 * Its columns follow the console's rule (components/columns.tsx): money and counts right-aligned on
 * one line, the name cut with an ellipsis.
 */
import { formatYuan } from '@cf/shared/money';
import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { columnClass } from '@admin/components/columns';
import { useT } from '@admin/lib/i18n/use-t';

export interface TakingsRow {
  key: string;
  name: ReactNode;
  todayFen: number;
  todayCount: number;
  monthFen: number;
  monthCount: number;
}

export function TakingsTable({
  nameTitle,
  rows,
  testId,
}: {
  nameTitle: string;
  rows: TakingsRow[];
  testId: string;
}) {
  const { t } = useT();
  const { token } = theme.useToken();
  const cell: CSSProperties = {
    padding: '8px',
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    textAlign: 'right',
  };
  const head: CSSProperties = {
    ...cell,
    background: token.colorFillAlter,
    fontWeight: token.fontWeightStrong,
  };
  const first: CSSProperties = { textAlign: 'left' };
  return (
    <div style={{ overflowX: 'auto' }}>
      <table
        data-testid={testId}
        style={{ width: '100%', borderCollapse: 'collapse', fontSize: token.fontSize }}
      >
        <thead>
          <tr>
            <th className={columnClass('text')} style={{ ...head, ...first }}>
              {nameTitle}
            </th>
            <th className={columnClass('money')} style={head}>
              {t('dashboard.todayFen')}
            </th>
            <th className={columnClass('count')} style={head}>
              {t('dashboard.todayCount')}
            </th>
            <th className={columnClass('money')} style={head}>
              {t('dashboard.monthFen')}
            </th>
            <th className={columnClass('count')} style={head}>
              {t('dashboard.monthCount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5} style={{ ...cell, textAlign: 'center', color: token.colorTextSecondary }}>
                {t('common.empty')}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key}>
                <td className={columnClass('text')} style={{ ...cell, ...first }}>
                  {row.name}
                </td>
                <td className={columnClass('money')} style={cell}>
                  {formatYuan(row.todayFen)}
                </td>
                <td className={columnClass('count')} style={cell}>
                  {row.todayCount}
                </td>
                <td className={columnClass('money')} style={cell}>
                  {formatYuan(row.monthFen)}
                </td>
                <td className={columnClass('count')} style={cell}>
                  {row.monthCount}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
