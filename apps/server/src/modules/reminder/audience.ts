/**
 * Who a reminder filter reaches and what each owes: the receivables of the filter (audience-repo.ts)
 * grouped by person, each one's owed amount by the product's one money rule (`summarize(...).pending`,
 * 待缴: what is due now, a deferred part not chased; @cf/shared/fees), people owing nothing left out,
 * then the amount floor and "leave out people with an other-means payment under review". Also the data
 * of the message each person gets (modules/notify/templates.ts words it).
 */
import { summarize } from '@cf/shared/fees';
import { yuanDigits } from '@cf/shared/money';
import { calendarDateIn } from '@cf/shared/validation';
import type { ReminderFilter } from '@cf/shared/wire/admin-reminders';
import type { ChasedRow } from './audience-repo';

export interface AudiencePerson {
  personType: string;
  personId: number;
  personNo: string;
  personName: string;
  className: string | null;
  owedFen: number;
  /** The receivables still owed, whose payments the campaign follows. */
  receivableIds: number[];
  /** The earliest due day among them, or null. */
  dueDate: Date | null;
  category: string;
  itemName: string;
  itemNameEn: string;
  schoolYears: string[];
}

export function audienceOf(rows: readonly ChasedRow[], filter: ReminderFilter): AudiencePerson[] {
  const people = new Map<string, AudiencePerson & { inReview: boolean }>();
  for (const row of rows) {
    const owed = summarize(row).pending;
    const key = `${row.personType}-${row.personId}`;
    let person = people.get(key);
    if (!person) {
      person = {
        personType: row.personType,
        personId: row.personId,
        personNo: row.personNo,
        personName: row.personName,
        className: row.className,
        owedFen: 0,
        receivableIds: [],
        dueDate: null,
        category: row.category,
        itemName: row.itemName,
        itemNameEn: row.itemNameEn,
        schoolYears: [],
        inReview: false,
      };
      people.set(key, person);
    }
    person.inReview ||= row.inReview;
    if (owed <= 0) continue;
    person.owedFen += owed;
    person.receivableIds.push(row.id);
    if (!person.schoolYears.includes(row.schoolYear)) person.schoolYears.push(row.schoolYear);
    if (row.dueDate && (!person.dueDate || row.dueDate < person.dueDate)) person.dueDate = row.dueDate;
  }
  return [...people.values()]
    .filter((p) => p.owedFen > 0)
    .filter((p) => filter.minOwedFen === undefined || p.owedFen >= filter.minOwedFen)
    .filter((p) => !(filter.skipPendingReview && p.inReview))
    .map(({ inReview: _inReview, ...person }) => person);
}

/** A day as the school reads it (its time zone), YYYY-MM-DD: @cf/shared/validation's calendar date. */
export const beijingDay = (at: Date): string => calendarDateIn(at);

/**
 * What the message of one person carries (notify templates: `reminder`): the item as the fee list names
 * it (its year when one year is owed), the amount, the due day, the name, and which fee list the link
 * opens. `campaignId` lets the sending job leave a stopped campaign's messages unsent.
 */
export function reminderData(campaignId: number, person: AudiencePerson): Record<string, string> {
  const year = person.schoolYears.length === 1 && person.schoolYears[0] ? `${person.schoolYears[0]} ` : '';
  return {
    campaignId: String(campaignId),
    item: `${year}${person.itemName}`,
    amount: yuanDigits(person.owedFen),
    due: person.dueDate ? beijingDay(person.dueDate) : '',
    name: person.personName,
    category: person.category,
  };
}
