import { EVIDENCE_LIMITS } from '@cf/shared/bill-evidence';
import { describe, expect, it } from 'vitest';
import { checkEvidence, checkShrunk, fileSizeText, shrinkTarget, shrunkName } from './evidence';

const MB = 1024 * 1024;
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF = new TextEncoder().encode('%PDF-1.7');
const GIF = new TextEncoder().encode('GIF89a');
const file = (name: string, head: Uint8Array, size = 200_000) => ({ name, head, size });

describe('evidence chosen on the phone (client checks before upload)', () => {
  it('keeps JPEG, PNG and PDF files, and tells each by its bytes, not its name', () => {
    const verdict = checkEvidence(0, [
      file('IMG_0001.jpg', JPEG),
      file('screenshot.png', PNG),
      file('statement.pdf', PDF),
      file('renamed.pdf', PNG),
    ]);
    expect(verdict.problems).toEqual([]);
    expect(verdict.accepted.map((a) => [a.candidate.name, a.mimeType])).toEqual([
      ['IMG_0001.jpg', 'image/jpeg'],
      ['screenshot.png', 'image/png'],
      ['statement.pdf', 'application/pdf'],
      ['renamed.pdf', 'image/png'],
    ]);
  });

  it('refuses other types (a GIF, a program called .jpg, an empty file) with the type message', () => {
    const verdict = checkEvidence(0, [
      file('animation.gif', GIF),
      file('receipt.jpg', new TextEncoder().encode('MZ\x90')),
      file('empty.jpg', JPEG, 0),
      file('ok.jpg', JPEG),
    ]);
    expect(verdict.accepted.map((a) => a.candidate.name)).toEqual(['ok.jpg']);
    expect(verdict.problems).toEqual([{ key: 'fee.evidenceType' }]);
  });

  it('sends a PDF only up to 10 MB; a photo may be larger when chosen, since it is shrunk first', () => {
    const verdict = checkEvidence(0, [
      file('big.pdf', PDF, 10 * MB + 1),
      file('limit.pdf', PDF, 10 * MB),
      file('camera.jpg', JPEG, 18 * MB),
      file('huge.jpg', JPEG, EVIDENCE_LIMITS.maxSourceBytes + 1),
    ]);
    expect(verdict.accepted.map((a) => a.candidate.name)).toEqual(['limit.pdf', 'camera.jpg']);
    expect(verdict.problems).toEqual([{ key: 'fee.evidenceTooLarge', params: { max: 10 } }]);
    // After shrinking, a photo must fit the upload limit too.
    expect(checkShrunk(10 * MB)).toBeNull();
    expect(checkShrunk(10 * MB + 1)).toEqual({ key: 'fee.evidenceTooLarge', params: { max: 10 } });
  });

  it('takes at most five files in all, counting those already on the form', () => {
    const six = Array.from({ length: 6 }, (_, i) => file(`p${i}.jpg`, JPEG));
    const first = checkEvidence(0, six);
    expect(first.accepted).toHaveLength(5);
    expect(first.problems).toEqual([{ key: 'fee.evidenceTooMany', params: { max: 5 } }]);
    const more = checkEvidence(4, six.slice(0, 2));
    expect(more.accepted.map((a) => a.candidate.name)).toEqual(['p0.jpg']);
    expect(more.problems).toEqual([{ key: 'fee.evidenceTooMany', params: { max: 5 } }]);
    // Every kind of problem is reported once.
    const mixed = checkEvidence(5, [file('a.gif', GIF), file('b.gif', GIF), file('c.jpg', JPEG)]);
    expect(mixed.problems.map((p) => p.key)).toEqual(['fee.evidenceType', 'fee.evidenceTooMany']);
  });

  it('shrinks a photo over 2000 px or over 1.5 MB, keeping its proportions', () => {
    expect(shrinkTarget(1200, 1600, 900_000)).toBeNull();
    expect(shrinkTarget(4000, 3000, 900_000)).toEqual({ width: 2000, height: 1500 });
    expect(shrinkTarget(3024, 4032, 5 * MB)).toEqual({ width: 1500, height: 2000 });
    // Heavy but not large: re-encoded at its own size.
    expect(shrinkTarget(1800, 1000, 3 * MB)).toEqual({ width: 1800, height: 1000 });
    // A very long screenshot keeps at least one pixel across.
    expect(shrinkTarget(200, 900_000, 100)).toEqual({ width: 1, height: 2000 });
  });

  it('names a shrunk photo .jpg and shows sizes as people read them', () => {
    expect(shrunkName('IMG_0001.PNG')).toBe('IMG_0001.jpg');
    expect(shrunkName('转账截图.webp')).toBe('转账截图.jpg');
    expect(shrunkName('.png')).toBe('evidence.jpg');
    expect(shrunkName('no-ending')).toBe('no-ending.jpg');
    expect(fileSizeText(300)).toBe('1 KB');
    expect(fileSizeText(350 * 1024)).toBe('350 KB');
    expect(fileSizeText(2.5 * MB)).toBe('2.5 MB');
  });
});
