/** A month as people read it: "2026 年 10 月" / "October 2026", "10 月" / "October". */
import { getLanguage } from '@/lib/i18n/i18n';
import type { useT } from '@/lib/i18n/use-t';

type T = ReturnType<typeof useT>;

const monthName = (month: number) =>
  new Intl.DateTimeFormat(getLanguage() === 'en' ? 'en' : 'zh-CN', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );

export function periodText(t: T, period: string): string {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(5, 7));
  return t('salary.period', { year, month, monthName: monthName(month) });
}

export function monthText(t: T, period: string): string {
  const month = Number(period.slice(5, 7));
  return t('salary.month', { month, monthName: monthName(month) });
}
