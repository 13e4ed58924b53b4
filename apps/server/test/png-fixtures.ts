/** PNGs made in tests: a real encoder's output (signature, IHDR, IDAT, IEND with their CRCs). */
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG of the size; `noise` fills it with random pixels (so it does not compress). */
export function makePng(width: number, height: number, { noise = false } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = noise ? randomBytes(width * 4) : Buffer.alloc(width * 4);
    if (!noise) for (let x = 0; x < width; x += 3) row.writeUInt32BE(0x000000ff, x * 4); // a dotted line
    rows.push(Buffer.concat([Buffer.from([0]), row]));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One pen stroke as signature_pad's toData() gives it. */
export const STROKES = [
  {
    penColor: 'black',
    dotSize: 0,
    minWidth: 0.5,
    maxWidth: 2.5,
    velocityFilterWeight: 0.7,
    compositeOperation: 'source-over',
    points: [
      { x: 10, y: 20, time: 1_700_000_000_000, pressure: 0.5 },
      { x: 60, y: 35, time: 1_700_000_000_016, pressure: 0.5 },
      { x: 120, y: 25, time: 1_700_000_000_032, pressure: 0.5 },
    ],
  },
];
