/**
 * Reads a PNG's header the way a decoder starts: the 8-byte signature, then the IHDR chunk (its
 * length, type, CRC and fields), and the IEND chunk closing the file. Enough to know that what a
 * person sent is a PNG of a given size before it is stored and later served as image/png.
 */
import { crc32, inflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** Bit depths allowed for each colour type (PNG spec, table 11.1). */
const DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
}

/** The header of a well-formed PNG, or null when the bytes are not one. */
export function readPngHeader(bytes: Buffer): PngHeader | null {
  // signature (8) + IHDR chunk (4 + 4 + 13 + 4) + IEND chunk (12)
  if (bytes.length < 8 + 25 + 12) return null;
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  if (crc32(bytes.subarray(12, 29)) !== bytes.readUInt32BE(29)) return null;
  if (!bytes.subarray(bytes.length - 12).equals(IEND)) return null;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const bitDepth = bytes[24]!;
  const colorType = bytes[25]!;
  const [compression, filter, interlace] = [bytes[26], bytes[27], bytes[28]];
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return null;
  if (!DEPTHS[colorType]?.includes(bitDepth)) return null;
  if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) return null;
  return { width, height, bitDepth, colorType };
}

/** Samples per pixel of each colour type. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Whether the image data (the IDAT chunks) unpacks to no more than the header's size implies (issue
 * 23): a decoder (pdfkit, drawing the signature into an invoice) inflates all of it, so a few KB
 * that inflate to hundreds of MB are refused here, inflating at most what a picture of that size needs.
 */
export function pngDataFits(bytes: Buffer, header: PngHeader): boolean {
  const rowBytes = Math.ceil((header.width * CHANNELS[header.colorType]! * header.bitDepth) / 8);
  // Every row starts with its filter byte; Adam7 passes add at most 7 rows' worth of those bytes.
  const expected = header.height * (rowBytes + 1) + 7 * (rowBytes + 8);
  const parts: Buffer[] = [];
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT')
      parts.push(bytes.subarray(at + 8, at + 8 + length));
    at = end;
  }
  if (parts.length === 0) return false;
  try {
    inflateSync(Buffer.concat(parts), { maxOutputLength: expected });
    return true;
  } catch {
    return false;
  }
}
