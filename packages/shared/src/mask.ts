/**
 * How the app and the server show identity numbers and contacts: enough for the owner to recognise
 * them, not enough for anyone else to reuse them. One copy, used by the server's replies and audit
 * rows and by the profile screens.
 */

/** 110101200401011234 -> 110***********1234; a short document number E12345678 -> E******78 */
export function maskIdCard(value: string | null | undefined): string | null {
  if (!value) return null;
  const [head, tail] = value.length >= 15 ? [3, 4] : [1, 2];
  if (value.length <= head + tail) return '*'.repeat(value.length);
  return value.slice(0, head) + '*'.repeat(value.length - head - tail) + value.slice(-tail);
}

/** 6222020200112233446 -> ***************3446 */
export function maskTail(value: string | null | undefined, keep = 4): string | null {
  if (!value) return null;
  if (value.length <= keep) return value;
  return '*'.repeat(value.length - keep) + value.slice(-keep);
}

/** A bank card as the profile shows it: the last four digits after a short run of stars. */
export function maskBankCard(value: string | null | undefined): string | null {
  if (!value) return null;
  // An already masked card (the server sends ***...3446) shows the same way.
  return value.length <= 4 ? value : `**** **** **** ${value.slice(-4)}`;
}

/** 13800000011 -> 138****0011: the person recognises their own phone, a stranger learns little. */
export function maskPhone(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.length < 8) return '*'.repeat(value.length);
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}

/** zhang.san@example.edu.cn -> z***n@example.edu.cn; ab@x.cn -> a***@x.cn */
export function maskEmail(value: string | null | undefined): string | null {
  if (!value) return null;
  const at = value.lastIndexOf('@');
  if (at < 1) return maskTail(value, 2);
  const local = value.slice(0, at);
  const last = local.length > 2 ? local.slice(-1) : '';
  return `${local[0]}***${last}${value.slice(at)}`;
}
