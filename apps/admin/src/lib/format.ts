/** How the console writes times and money: the school's time zone, and yuan from integer fen. */
import { formatYuan } from '@cf/shared/money';
import { SCHOOL_TIME_ZONE } from '@cf/shared/validation';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SCHOOL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO instant as "2026-11-24 16:05" in the school's time zone; '' for none or nonsense. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** Integer fen as "¥1,234.50". */
export const formatMoney = (fen: number): string => formatYuan(fen);

/** An ISO instant as its day in the school's time zone, "2026-11-24". */
export const formatDate = (iso: string | null | undefined): string => formatDateTime(iso).slice(0, 10);
