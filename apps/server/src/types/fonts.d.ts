/** The few calls the invoice PDF makes of two untyped packages (modules/invoice/pdf-fonts.ts). */
declare module 'fontkit' {
  interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font;
}

declare module 'wawoff2/decompress.js' {
  /** WOFF2 bytes to TrueType bytes. */
  export default function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}
