/** Test support: reads the codes the SMS stand-in "sent" from the dev outbox table. */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { devOutbox } from '@server/db/schema';

export async function outboxMessages(db: Db, phone: string) {
  return db.select().from(devOutbox).where(eq(devOutbox.recipient, phone)).orderBy(desc(devOutbox.id));
}

/** The 6-digit code of the newest text to a phone. */
export async function lastCode(db: Db, phone: string): Promise<string> {
  const [newest] = await outboxMessages(db, phone);
  const code = /\d{6}/.exec(newest?.body ?? '')?.[0];
  if (!code) throw new Error(`no code was texted to ${phone}`);
  return code;
}
