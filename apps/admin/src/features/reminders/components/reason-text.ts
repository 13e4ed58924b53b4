/**
 * Why a reminder failed or was not sent, in the console's words: the sending job records its reason in
 * English (modules/notify/send-service.ts); the known ones read as sentences, a provider's own error
 * (WeChat's errcode, the SMS provider's answer) shows after its kind.
 */
import type { TextKey, TextParams } from '@admin/lib/i18n/i18n';

const KNOWN: [prefix: string, key: TextKey][] = [
  ['turned off by the person', 'reminders.reason.turnedOff'],
  ['nobody to tell', 'reminders.reason.nobody'],
  ['no WeChat link and no phone', 'reminders.reason.noPhone'],
  ['SMS outcome unknown', 'reminders.reason.smsUnknown'],
  ['gave up after a day', 'reminders.reason.gaveUp'],
];

export function reasonText(t: (key: TextKey, params?: TextParams) => string, reason: string | null): string {
  if (!reason) return '';
  const known = KNOWN.find(([prefix]) => reason.startsWith(prefix));
  if (known) return t(known[1]);
  return /^(WeChat|Enterprise WeChat|SMS)\b/.test(reason)
    ? t('reminders.reason.provider', { error: reason })
    : reason;
}
