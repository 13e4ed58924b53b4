/**
 * Times from the server are ISO strings (UTC). People read them as the school does, in China time
 * (the server takes a date-only payment date as that day in China time too), whatever the zone
 * of the device.
 */
import { SCHOOL_TIME_ZONE } from '@cf/shared/validation';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SCHOOL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function fields(date: Date): Record<string, string> {
  return Object.fromEntries(parts.formatToParts(date).map((p) => [p.type, p.value]));
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'YYYY-MM-DD' of a day (in the school's time zone). */
export function dayOf(date: Date): string {
  const f = fields(date);
  return `${f.year}-${f.month}-${f.day}`;
}

/** 'YYYY-MM-DD', or '' when there is no time. */
export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dayOf(date) : '';
}

/** 'YYYY-MM-DD HH:mm', or '' when there is no time. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '';
  const f = fields(date);
  return `${f.year}-${f.month}-${f.day} ${f.hour}:${f.minute}`;
}

/** Today as 'YYYY-MM-DD' (the value and the max of a date input). */
export const today = (now = new Date()): string => dayOf(now);
