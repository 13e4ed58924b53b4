import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name';

describe('file names shown', () => {
  it('drops bidi controls and invisible characters, so the real extension shows', () => {
    expect(cleanFileName('scan\u202efdp.exe')).toBe('scanfdp.exe');
    expect(cleanFileName('a\u200b\u2066b\u2069\u200f.pdf\u0000')).toBe('ab.pdf');
    expect(cleanFileName('poly.pdf.html')).toBe('poly.pdf.html');
    expect(cleanFileName('缴费凭证 .jpg')).toBe('缴费凭证 .jpg');
    expect(cleanFileName('\u202e\u200b', 'evidence.pdf')).toBe('evidence.pdf');
  });
});
