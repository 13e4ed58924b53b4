/** The signature PNG a person sends: at most 200 KB and a sane size in device pixels (pad and server alike). */
export const SIGNATURE_LIMITS = {
  maxBytes: 200 * 1024,
  minWidth: 32,
  minHeight: 16,
  maxWidth: 3000,
  maxHeight: 2000,
  maxStrokes: 300,
  maxPoints: 20_000,
} as const;

/**
 * The Blade body code (with HTTP 400) of a prepay refused because the order's item asks for a signature
 * before payment: the cashier then takes the payer to the order detail, where the pad is.
 */
export const SIGNATURE_NEEDED_CODE = 428;
