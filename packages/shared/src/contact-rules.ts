/**
 * The e-mail rule of /user/email (issue 12): required, at most EMAIL_MAX_LENGTH characters, the
 * e-mail format of spec §5. The form and the server's send-email-validate and change-email ask it.
 */
import { isEmail } from './validation';

/** Longer addresses are typos or abuse; the finance office's systems keep 64 characters. */
export const EMAIL_MAX_LENGTH = 64;

/** The messages emailProblem reports. */
export type EmailProblem = 'validate.emailRequired' | 'validate.emailInvalid' | 'profile.emailTooLong';

export function emailProblem(value: string | undefined | null): { key: EmailProblem; max?: number } | null {
  const email = (value ?? '').trim();
  if (!email) return { key: 'validate.emailRequired' };
  if (email.length > EMAIL_MAX_LENGTH) return { key: 'profile.emailTooLong', max: EMAIL_MAX_LENGTH };
  return isEmail(email) ? null : { key: 'validate.emailInvalid' };
}

/** Addresses compare without case: the code is sent to, and checked for, the lower-case form. */
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();
