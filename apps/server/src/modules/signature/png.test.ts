/**
 * A signature PNG whose image data inflates past what its size needs is refused before anything
 * decodes it (issue 23): pdfkit inflates all of it when it draws the invoice.
 */
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makePng } from '@server-test/png-fixtures';
import { pngDataFits, readPngHeader } from './png';

/** The PNG with its IDAT replaced by `raw`, deflated. */
function withData(png: Buffer, raw: Buffer): Buffer {
  const data = deflateSync(raw);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('IDAT', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  // signature + IHDR (33 bytes), the new IDAT, IEND (12 bytes)
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(png.length - 12)]);
}

describe('the image data of a signature PNG', () => {
  it('fits when it unpacks to what the header says', () => {
    const png = makePng(240, 90);
    expect(pngDataFits(png, readPngHeader(png)!)).toBe(true);
    const noisy = makePng(300, 100, { noise: true });
    expect(pngDataFits(noisy, readPngHeader(noisy)!)).toBe(true);
  });

  it('does not when a few KB unpack to 16 MB behind a 240 × 90 header', () => {
    const bomb = withData(makePng(240, 90), Buffer.alloc(16 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(40 * 1024);
    const header = readPngHeader(bomb);
    expect(header).toMatchObject({ width: 240, height: 90 });
    expect(pngDataFits(bomb, header!)).toBe(false);
  });

  it('does not without image data', () => {
    const png = makePng(240, 90);
    const empty = Buffer.concat([png.subarray(0, 33), png.subarray(png.length - 12)]);
    expect(pngDataFits(empty, readPngHeader(empty)!)).toBe(false);
  });
});
