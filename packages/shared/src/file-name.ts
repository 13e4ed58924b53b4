/**
 * A file name as people send it, made safe to show (issue 23): bidi controls (a right-to-left override
 * turns `scan\u202Efdp.exe` into what reads "scanexe.pdf"), zero-width and other invisible format
 * characters and control characters are removed, the rest NFC-normalised and trimmed. Used on the
 * way in (the name stored is the cleaned one) and on the way out (every reply naming a file), so a
 * name stored before is shown cleaned too. Never a name to save a file under: downloads use a name
 * the server makes.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

export function cleanFileName(name: string, fallback = 'file'): string {
  const cleaned = name.normalize('NFC').replace(INVISIBLE, '').trim();
  return cleaned === '' ? fallback : cleaned;
}
