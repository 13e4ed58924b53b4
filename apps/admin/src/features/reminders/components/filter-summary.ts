/** A campaign's filter in a few words: "2025-2026 · 会计2401 · owing ≥ ¥100.00". */
import { formatYuan } from '@cf/shared/money';
import type { ReminderFilter } from '@cf/shared/wire/admin-reminders';
import type { TextKey, TextParams } from '@admin/lib/i18n/i18n';

/** The filter's fields in the order they read best, each with its words. */
const PARTS = [
  'schoolYear',
  'startYear',
  'college',
  'className',
  'dueBefore',
  'dueOn',
  'minOwedFen',
  'skipPendingReview',
] as const;

export function filterText(t: (key: TextKey, params?: TextParams) => string, filter: ReminderFilter): string {
  const parts = PARTS.filter(
    (key) => filter[key] !== undefined && filter[key] !== false && filter[key] !== '',
  ).map((key) => {
    const value = key === 'minOwedFen' ? formatYuan(filter.minOwedFen!) : String(filter[key]);
    return t(`reminders.filterText.${key}` as TextKey, { value });
  });
  return parts.length ? parts.join(' · ') : t('reminders.filterText.all');
}
