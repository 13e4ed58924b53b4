import { describe, expect, it } from 'vitest';
import { evidenceTypeOf, isEvidenceType, megabytes } from './bill-evidence';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('the evidence type rule', () => {
  it('knows JPEG, PNG, WebP and PDF by their first bytes', () => {
    expect(evidenceTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(evidenceTypeOf(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(evidenceTypeOf(bytes('RIFF', 1, 2, 3, 4, 'WEBPVP8 '))).toBe('image/webp');
    expect(evidenceTypeOf(bytes('%PDF-1.7'))).toBe('application/pdf');
  });

  it('refuses everything else, whatever it is called', () => {
    for (const head of [
      bytes('GIF89a'),
      bytes('MZ', 0x90, 0),
      bytes('PK', 3, 4),
      bytes('<svg xmlns'),
      bytes('RIFF', 1, 2, 3, 4, 'AVI '),
      bytes('%PD'),
      bytes(0x89, 'PNG'),
      bytes(),
    ])
      expect(evidenceTypeOf(head)).toBeNull();
  });

  it('lists the types the phone may send', () => {
    expect(isEvidenceType('image/png')).toBe(true);
    expect(isEvidenceType('image/gif')).toBe(false);
    expect(megabytes(10 * 1024 * 1024)).toBe(10);
  });
});
