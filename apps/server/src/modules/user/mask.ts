/** How the app shows identity numbers: enough to recognise them, not enough to reuse them. */

/** 110101200401011234 -> 110***********1234; a short document number E12345678 -> E******78 */
export function maskIdCard(value: string | null | undefined): string | null {
  if (!value) return null;
  const [head, tail] = value.length >= 15 ? [3, 4] : [1, 2];
  if (value.length <= head + tail) return '*'.repeat(value.length);
  return value.slice(0, head) + '*'.repeat(value.length - head - tail) + value.slice(-tail);
}

/** 6222020200112233445 -> ***************3445 */
export function maskTail(value: string | null | undefined, keep = 4): string | null {
  if (!value) return null;
  if (value.length <= keep) return value;
  return '*'.repeat(value.length - keep) + value.slice(-keep);
}

/** 13800000011 -> 138****0011: the person recognises their own phone, a stranger learns little. */
export function maskPhone(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.length < 8) return '*'.repeat(value.length);
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}

/** 孙九 -> 孙*, Li Si -> L**** (the pick list: the caller typed the name, the list only confirms it). */
export function maskName(value: string | null | undefined): string | null {
  if (!value) return null;
  const chars = [...value];
  return chars[0] + '*'.repeat(Math.max(chars.length - 1, 1));
}
