/**
 * The invoice PDF's fonts. Noto Sans Hans (GB2312 set, npm @embedpdf/fonts-sc) writes what it can;
 * a character it lacks — a 生僻字 in a payer's name: CJK Extension A, B…F, or a rare one of the basic
 * block such as 堃 — is written with Hanazono Mincho (npm hanamin: the font cut into WOFF2 pieces of
 * at most 1,024 code points, listed with their unicode-range in HanaMin.css). The piece holding the
 * character is decompressed to TrueType (wawoff2) on first use and kept per process; pdfkit embeds
 * only the glyphs a page uses of each font, so a PDF grows by a few KB per rare character.
 *
 * Drawing is synchronous in pdfkit: `load(text)` readies the pieces the given text needs first, then
 * `runs(text)` cuts a line into runs of one font each (pdf.ts writes them as continued text).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The few calls made of two untyped packages (CommonJS, loaded as such). */
interface Fontkit {
  create(bytes: Buffer): { hasGlyphForCodePoint(codePoint: number): boolean };
}
const require = createRequire(import.meta.url);
// Required on first use, not at the server's start (fontkit is ~0.2 s of it; http/lazy-libraries.ts).
const fontkit = { create: (bytes: Buffer) => (require('fontkit') as Fontkit).create(bytes) };
/** WOFF2 bytes to TrueType bytes. */
const decompressWoff2 = (woff2: Uint8Array): Promise<Uint8Array> =>
  (require('wawoff2/decompress.js') as (woff2: Uint8Array) => Promise<Uint8Array>)(woff2);

export const PRIMARY_FONT = 'cn';

interface Piece {
  first: number;
  last: number;
  file: string;
}

interface LoadedFont {
  bytes: Buffer;
  has: (codePoint: number) => boolean;
}

const dirOf = (specifier: string) => path.dirname(fileURLToPath(import.meta.resolve(specifier)));

let primary: LoadedFont | undefined;
/** Read once per process: the package ships whole fonts; pdfkit embeds only the glyphs a page uses. */
export function primaryFont(): LoadedFont {
  if (!primary) {
    const bytes = readFileSync(path.join(dirOf('@embedpdf/fonts-sc'), '../fonts/NotoSansHans-Regular.otf'));
    const font = fontkit.create(bytes);
    primary = { bytes, has: (cp) => font.hasGlyphForCodePoint(cp) };
  }
  return primary;
}

let pieces: Piece[] | undefined;
/** The fallback pieces and the code points of each, from the package's own stylesheet. */
function fallbackPieces(): Piece[] {
  if (!pieces) {
    const dir = dirOf('hanamin/HanaMin.css');
    const css = readFileSync(path.join(dir, 'HanaMin.css'), 'utf8');
    pieces = [];
    for (const face of css.split('@font-face').slice(1)) {
      const file = /url\(([^)]+\.woff2)\)/.exec(face)?.[1];
      const ranges = /unicode-range:\s*([^;]+);/.exec(face)?.[1];
      if (!file || !ranges) continue;
      for (const range of ranges.split(',')) {
        const [first, last] = range.trim().replace(/^U\+/i, '').split('-');
        const from = parseInt(first!, 16);
        pieces.push({ first: from, last: last ? parseInt(last, 16) : from, file: path.join(dir, file) });
      }
    }
  }
  return pieces;
}

const loaded = new Map<string, Promise<LoadedFont>>();

function loadPiece(file: string): Promise<LoadedFont> {
  let font = loaded.get(file);
  if (!font) {
    font = decompressWoff2(readFileSync(file)).then((ttf) => {
      const bytes = Buffer.from(ttf);
      const parsed = fontkit.create(bytes);
      return { bytes, has: (cp: number) => parsed.hasGlyphForCodePoint(cp) };
    });
    // A failed read is tried again by the next PDF rather than remembered.
    font.catch(() => loaded.delete(file));
    loaded.set(file, font);
  }
  return font;
}

const pieceOf = (codePoint: number) =>
  fallbackPieces().find((p) => p.first <= codePoint && codePoint <= p.last);

export interface FontRun {
  /** The name the font is registered under in the document. */
  font: string;
  text: string;
}

/** The fonts of one document: registers each fallback piece with it as it is first used. */
export class PdfFonts {
  private readonly ready = new Map<string, LoadedFont>();
  private readonly registered = new Set<string>();

  constructor(private readonly doc: PDFKit.PDFDocument) {
    doc.registerFont(PRIMARY_FONT, primaryFont().bytes);
  }

  /** Readies the fallback pieces for every character of `text` the primary font lacks. */
  async load(text: string): Promise<void> {
    const files = new Set<string>();
    for (const char of text) {
      const cp = char.codePointAt(0)!;
      if (cp < 0x80 || primaryFont().has(cp)) continue;
      const piece = pieceOf(cp);
      if (piece && !this.ready.has(piece.file)) files.add(piece.file);
    }
    await Promise.all(
      [...files].map(async (file) => {
        this.ready.set(file, await loadPiece(file));
      }),
    );
  }

  /** The font that draws one character: the primary one, else a loaded piece that has it. */
  private fontFor(cp: number): string {
    if (cp < 0x80 || primaryFont().has(cp)) return PRIMARY_FONT;
    const piece = pieceOf(cp);
    const font = piece && this.ready.get(piece.file);
    if (!piece || !font?.has(cp)) return PRIMARY_FONT;
    const name = path.basename(piece.file, '.woff2');
    if (!this.registered.has(name)) {
      this.doc.registerFont(name, font.bytes);
      this.registered.add(name);
    }
    return name;
  }

  /** `text` cut into runs of one font each (load(text) first). */
  runs(text: string): FontRun[] {
    const runs: FontRun[] = [];
    for (const char of text) {
      const font = this.fontFor(char.codePointAt(0)!);
      const last = runs.at(-1);
      if (last?.font === font) last.text += char;
      else runs.push({ font, text: char });
    }
    return runs;
  }
}
