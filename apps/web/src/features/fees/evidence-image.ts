/**
 * Photos made ready for upload in the browser: a large one is drawn again at most 2000 px on its long
 * edge as a JPEG (a phone photo of 4-12 MB becomes a few hundred KB), and every image gets a small
 * thumbnail as a data: URL for the form. Loaded with the picker only (components/evidence-picker.tsx).
 */
import type { EvidenceType } from '@cf/shared/bill-evidence';
import { shrinkTarget, shrunkName } from './evidence';

const JPEG_QUALITY = 0.85;
const THUMBNAIL_EDGE = 160;

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  close: () => void;
}

const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });

/** The image, turned upright by its EXIF orientation (createImageBitmap, else an <img> of a data: URL). */
async function decode(blob: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // An older browser without the options: the <img> below.
    }
  }
  const image = new Image();
  image.src = await dataUrlOf(blob);
  await image.decode();
  return { source: image, width: image.naturalWidth, height: image.naturalHeight, close: () => undefined };
}

function canvasOf(image: Decoded, size: { width: number; height: number }): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  // A JPEG has no transparency: a screenshot's clear parts become white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(image.source, 0, 0, size.width, size.height);
  return canvas;
}

const jpegOf = (canvas: HTMLCanvasElement) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('not encoded'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );

export interface PreparedImage {
  blob: Blob;
  name: string;
  mimeType: EvidenceType;
  thumbnail: string;
}

/** The photo as it is uploaded (shrunk when large) and its thumbnail; rejects when it cannot be decoded. */
export async function prepareImage(blob: Blob, name: string, mimeType: EvidenceType): Promise<PreparedImage> {
  const image = await decode(blob);
  try {
    const target = shrinkTarget(image.width, image.height, blob.size);
    const scale = Math.min(1, THUMBNAIL_EDGE / Math.max(image.width, image.height));
    const thumbnail = canvasOf(image, {
      width: Math.max(1, Math.round(image.width * scale)),
      height: Math.max(1, Math.round(image.height * scale)),
    }).toDataURL('image/jpeg', 0.7);
    if (!target) return { blob, name, mimeType, thumbnail };
    const shrunk = await jpegOf(canvasOf(image, target));
    // Re-encoding a small, already compressed photo can make it larger: keep the smaller one.
    if (shrunk.size >= blob.size && target.width === image.width) return { blob, name, mimeType, thumbnail };
    return { blob: shrunk, name: shrunkName(name), mimeType: 'image/jpeg', thumbnail };
  } finally {
    image.close();
  }
}
