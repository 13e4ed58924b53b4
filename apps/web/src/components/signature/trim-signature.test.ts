import { describe, expect, it } from 'vitest';
import { inkBounds, paddedBox } from './trim-signature';

function canvasData(width: number, height: number, inked: [number, number][]) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (const [x, y] of inked) data[(y * width + x) * 4 + 3] = 255;
  return data;
}

describe('trimming a signature', () => {
  it('finds the box of the ink, and nothing on a blank pad', () => {
    expect(
      inkBounds(
        canvasData(10, 8, [
          [2, 3],
          [6, 5],
          [4, 1],
        ]),
        10,
        8,
      ),
    ).toEqual({ x: 2, y: 1, width: 5, height: 5 });
    expect(inkBounds(canvasData(10, 8, []), 10, 8)).toBeNull();
  });

  it('adds the margin, grows to the minimum size and stays inside the canvas', () => {
    expect(paddedBox({ x: 100, y: 50, width: 200, height: 60 }, 10, 600, 300)).toEqual({
      x: 90,
      y: 40,
      width: 220,
      height: 80,
    });
    // A dot in a corner: the box grows to 32 × 16 and is moved back inside.
    expect(paddedBox({ x: 0, y: 0, width: 2, height: 2 }, 4, 600, 300)).toEqual({
      x: 0,
      y: 0,
      width: 32,
      height: 16,
    });
    expect(paddedBox({ x: 590, y: 295, width: 10, height: 5 }, 8, 600, 300)).toEqual({
      x: 568,
      y: 279,
      width: 32,
      height: 21,
    });
  });
});
