/** Stand-ins for SMS and mail: messages land in the dev outbox table (readable in demo mode only). */
import type { Db } from '../db/client';
import { devOutbox } from '../db/schema';
import type { MailGateway, SmsGateway } from './types';

export function outboxSms(db: Db): SmsGateway {
  return {
    async send(phone, text) {
      await db.insert(devOutbox).values({ channel: 'sms', recipient: phone, body: text });
    },
  };
}

export function outboxMail(db: Db): MailGateway {
  return {
    async send(to, subject, body) {
      await db.insert(devOutbox).values({ channel: 'mail', recipient: to, subject, body });
    },
  };
}
