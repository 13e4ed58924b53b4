/**
 * Telling the accounts that already hold an identity that another account has just bound it: a
 * text to the phone the finance office holds and to their login phones, a mail to their e-mail.
 * The binding is done by then, so a gateway failure is logged, not thrown.
 */
import { translate } from '@cf/shared/messages';
import type { UserCtx } from './context';

interface OtherAccount {
  phone: string | null;
  email: string | null;
  financeEmail: string | null;
}

export async function tellOtherAccounts(
  ctx: UserCtx,
  input: { heldPhone: string | null; name: string; newAccount: string; accounts: OtherAccount[] },
): Promise<void> {
  const params = { name: input.name, account: input.newAccount };
  const text = translate('bind.otherAccountSms', ctx.lang, params);
  const subject = translate('bind.otherAccountSubject', ctx.lang);
  const phones = new Set(
    [input.heldPhone, ...input.accounts.map((a) => a.phone)].filter(Boolean) as string[],
  );
  const mails = new Set(input.accounts.map((a) => a.financeEmail ?? a.email).filter(Boolean) as string[]);
  const { tenantId } = ctx.auth;
  const sends = [
    ...[...phones].map((phone) => ctx.gateways.sms.send(tenantId, phone, text)),
    ...[...mails].map((to) => ctx.gateways.mail.send(tenantId, to, subject, text)),
  ];
  for (const result of await Promise.allSettled(sends))
    if (result.status === 'rejected')
      ctx.req.log.warn({ err: result.reason }, 'could not tell an account of a new binding of its identity');
}
