/**
 * Stand-ins for SMS and mail: messages land in the dev outbox table (readable in demo mode only).
 * A sender is not kept: the outbox is read by recipient, as a phone or a mailbox would show it.
 */
import type { Db } from '../db/client';
import { devOutbox } from '../db/schema';
import type { MailAccount, SmsAccount } from './types';

export function outboxSms(db: Db): SmsAccount {
  return {
    async send({ phone, text }) {
      await db.insert(devOutbox).values({ channel: 'sms', recipient: phone, body: text });
    },
  };
}

export function outboxMail(db: Db): MailAccount {
  return {
    async send({ to, subject, body }) {
      await db.insert(devOutbox).values({ channel: 'mail', recipient: to, subject, body });
    },
  };
}
