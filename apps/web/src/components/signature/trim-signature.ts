/**
 * The pad's drawing cut to its ink (plus a margin), as the PNG the server takes: at least the
 * minimum size, scaled down to the maximum (SIGNATURE_LIMITS, the server checks the same).
 */
import { SIGNATURE_LIMITS } from '@cf/shared/signature-limits';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest box holding every pixel with some ink (alpha > 0) of RGBA data; null when blank. */
export function inkBounds(rgba: Uint8ClampedArray, width: number, height: number): Box | null {
  let top = height;
  let left = width;
  let bottom = -1;
  let right = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3] === 0) continue;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  if (bottom < 0) return null;
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/** The box grown by `margin` each side and to the minimum size, kept inside the canvas. */
export function paddedBox(ink: Box, margin: number, canvasWidth: number, canvasHeight: number): Box {
  const grow = (start: number, size: number, min: number, limit: number): [number, number] => {
    const want = Math.min(Math.max(size + 2 * margin, min), limit);
    const from = Math.max(0, Math.min(start - Math.floor((want - size) / 2), limit - want));
    return [from, want];
  };
  const [x, width] = grow(ink.x, ink.width, SIGNATURE_LIMITS.minWidth, canvasWidth);
  const [y, height] = grow(ink.y, ink.height, SIGNATURE_LIMITS.minHeight, canvasHeight);
  return { x, y, width, height };
}

/** The trimmed PNG as a data: URL, or null when nothing is drawn. */
export function trimmedPng(canvas: HTMLCanvasElement, margin: number): string | null {
  const context = canvas.getContext('2d');
  if (!context) return null;
  const ink = inkBounds(
    context.getImageData(0, 0, canvas.width, canvas.height).data,
    canvas.width,
    canvas.height,
  );
  if (!ink) return null;
  const box = paddedBox(ink, margin, canvas.width, canvas.height);
  const scale = Math.min(1, SIGNATURE_LIMITS.maxWidth / box.width, SIGNATURE_LIMITS.maxHeight / box.height);
  const out = document.createElement('canvas');
  out.width = Math.max(SIGNATURE_LIMITS.minWidth, Math.round(box.width * scale));
  out.height = Math.max(SIGNATURE_LIMITS.minHeight, Math.round(box.height * scale));
  out.getContext('2d')?.drawImage(canvas, box.x, box.y, box.width, box.height, 0, 0, out.width, out.height);
  return out.toDataURL('image/png');
}
