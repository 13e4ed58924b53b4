/** How the server shows identity numbers (the shared masks, packages/shared/src/mask.ts) and names. */
export { maskIdCard, maskPhone, maskTail } from '@cf/shared/mask';

/** 孙九 -> 孙*, Li Si -> L**** (the pick list: the caller typed the name, the list only confirms it). */
export function maskName(value: string | null | undefined): string | null {
  if (!value) return null;
  const chars = [...value];
  return chars[0] + '*'.repeat(Math.max(chars.length - 1, 1));
}
