/**
 * The finance-reserved e-mail (/user/email, issue 12): a proof of the phone held 24 hours (as for the
 * bank card), then a code mailed to the new address through the mail gateway (send-email-validate),
 * then change-email with both. The rule (format, length) is packages/shared/src/contact-rules.ts;
 * the code is an ordinary verification code (sms/codes.ts) of purpose 'email' kept for the address.
 */
import { emailProblem, normalizeEmail } from '@cf/shared/contact-rules';
import { translate } from '@cf/shared/messages';
import { maskEmail } from '@cf/shared/mask';
import { audit } from '@server/http/audit';
import { badRequest } from '@server/http/errors';
import { codeRequester, consumeCode, sendCode, type CodeCourier } from '../sms/codes';
import type { UserCtx } from './context';
import { changeOwn, checkCodeGiven, limitUserCodes } from './profile-service';
import type { UserRow } from './repo';
import { callerRow, checkProof } from './step-up-service';

/** A new address from a form: the shared rule, then not the one held already. */
function checkNewEmail(user: UserRow, value: string | undefined): string {
  const problem = emailProblem(value);
  if (problem) throw badRequest(problem.key, problem.max ? { max: problem.max } : undefined);
  const email = normalizeEmail(value!);
  if (user.financeEmail && normalizeEmail(user.financeEmail) === email) throw badRequest('profile.emailSame');
  return email;
}

/**
 * send-email-validate: mails a code to the new address. The caller shows the (unspent) finance
 * proof first, so the mail gateway cannot be used to write to strangers by a stolen session alone.
 */
export async function sendEmailCode(
  ctx: UserCtx,
  input: { email?: string; verifyToken?: string },
): Promise<{ id: string }> {
  const { db, auth } = ctx;
  const user = await callerRow(ctx);
  const email = checkNewEmail(user, input.email);
  await checkProof(ctx, user, input.verifyToken, 'finance');
  await limitUserCodes(ctx);
  const subject = translate('mail.codeSubject', ctx.lang);
  const mail: CodeCourier = {
    send: (tenantId, to, text) => ctx.gateways.mail.send(tenantId, to, subject, text),
  };
  const sent = await sendCode(db, mail, {
    tenantId: auth.tenantId,
    phone: email,
    purpose: 'email',
    lang: ctx.lang,
    requestedBy: codeRequester(auth),
    bodyKey: 'mail.codeBody',
    failureKey: 'mail.sendFailed',
  });
  await audit(db, ctx.req, {
    tenantId: auth.tenantId,
    userId: user.id,
    action: 'user.sendEmailCode',
    detail: { to: maskEmail(email) },
  });
  return sent;
}

/** change-email: the code mailed to the new address and the finance proof; both addresses hear of it. */
export async function changeEmail(
  ctx: UserCtx,
  input: { email?: string; verifyId?: string; verifyCode?: string; verifyToken?: string },
): Promise<void> {
  const user = await callerRow(ctx);
  const email = checkNewEmail(user, input.email);
  const proof = await checkProof(ctx, user, input.verifyToken, 'finance');
  const given = checkCodeGiven(input);
  await consumeCode(ctx.db, {
    tenantId: ctx.auth.tenantId,
    phone: email,
    ...given,
    purpose: 'email',
    requestedBy: codeRequester(ctx.auth),
  });
  await changeOwn(
    ctx,
    proof,
    'user.changeEmail',
    { financeEmail: email },
    { from: maskEmail(user.financeEmail), to: maskEmail(email) },
  );
  // The old address hears of it too: if the change was not the person's, they learn it there.
  const recipients = [
    email,
    ...(user.financeEmail && user.financeEmail !== email ? [user.financeEmail] : []),
  ];
  const subject = translate('user.emailChangedSubject', ctx.lang);
  const body = translate('user.emailChangedBody', ctx.lang, { email });
  for (const to of recipients) {
    try {
      await ctx.gateways.mail.send(ctx.auth.tenantId, to, subject, body);
    } catch (err) {
      // The change stands; a lost notice is logged for the operators rather than failing the request.
      ctx.req.log.error({ err, to }, 'e-mail change notice not sent');
    }
  }
}
