/**
 * The evidence a payer attaches to an other-means payment (a transfer screenshot, a receipt): which
 * files, how large, how many. The one place of the rule: the phone's picker
 * (apps/web/src/features/fees/evidence.ts) checks it before uploading, the server
 * (apps/server/src/modules/fee/evidence-service.ts) checks it again on the bytes it receives.
 */

export const EVIDENCE_LIMITS = {
  /** What one uploaded file may weigh. */
  maxBytes: 10 * 1024 * 1024,
  /** Files per bill. */
  maxFiles: 5,
  /** Other-means records with files one payer may have waiting for review; the next waits for one of them. */
  maxPendingWithFiles: 3,
  /** What one payer may upload in 24 hours (files still kept: ten full records' worth). */
  maxBytesPerDay: 100 * 1024 * 1024,
  /** A photo larger than this is not even read by the phone (it could not be shrunk in a browser's memory). */
  maxSourceBytes: 40 * 1024 * 1024,
  /** The phone shrinks a photo to at most this many pixels on its long edge ... */
  maxImageEdge: 2000,
  /** ... when it is larger than that or weighs more than this. */
  shrinkAboveBytes: 1.5 * 1024 * 1024,
} as const;

export const EVIDENCE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];

export const isEvidenceType = (type: string): type is EvidenceType =>
  (EVIDENCE_TYPES as readonly string[]).includes(type);

/** The file name ending a stored file of the type gets when it is saved. */
export const EVIDENCE_EXTENSION: Record<EvidenceType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** How many first bytes evidenceTypeOf needs. */
export const EVIDENCE_HEAD_BYTES = 12;

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  bytes.every((byte, i) => head[at + i] === byte);

/**
 * The type of a file by its first bytes (its "magic"), whatever its name or declared type says, or
 * null when it is none of the evidence types.
 */
export function evidenceTypeOf(head: Uint8Array): EvidenceType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF <size> WEBP
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  // %PDF-
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** Whole megabytes of a byte limit, for messages ("10 MB"). */
export const megabytes = (bytes: number): number => Math.round(bytes / 1024 / 1024);
