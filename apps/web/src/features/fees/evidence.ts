/**
 * The evidence a payer attaches to an other-means payment, checked on the phone before anything is
 * uploaded (the server checks again, @cf/shared/bill-evidence): the type by the file's first bytes,
 * the size, how many; and which photos are shrunk first (components/evidence-picker.tsx does it).
 */
import {
  EVIDENCE_EXTENSION,
  EVIDENCE_HEAD_BYTES,
  EVIDENCE_LIMITS,
  evidenceTypeOf,
  megabytes,
  type EvidenceType,
} from '@cf/shared/bill-evidence';

/** What the picker reads of a chosen file before deciding anything. */
export interface EvidenceCandidate {
  name: string;
  size: number;
  /** Its first bytes (EVIDENCE_HEAD_BYTES of them). */
  head: Uint8Array;
}

/** A file on the form: kept on the phone until the payment is submitted, uploaded once. */
export interface EvidenceItem {
  key: string;
  /** What is uploaded: the file as chosen, or a shrunk JPEG of a large photo. */
  blob: Blob;
  name: string;
  mimeType: EvidenceType;
  /** A small data: URL of an image (the app's CSP allows data: images, not blob:); none for a PDF. */
  thumbnail?: string;
  /** The server's id once uploaded (a second submit after a refusal does not upload it again). */
  uploadedId?: number;
}

/** A refusal as its message key and the limit it names; 'fee.evidenceUnreadable': a photo the browser cannot decode. */
export interface EvidenceProblem {
  key: 'fee.evidenceType' | 'fee.evidenceTooLarge' | 'fee.evidenceTooMany' | 'fee.evidenceUnreadable';
  params?: { max: number };
}

export interface EvidenceVerdict<T extends EvidenceCandidate> {
  /** The candidates to keep, with the type their bytes show. */
  accepted: { candidate: T; mimeType: EvidenceType }[];
  /** What was wrong with the others, each kind once. */
  problems: EvidenceProblem[];
}

export const EVIDENCE_ACCEPT = 'image/*,application/pdf';
export const EVIDENCE_HEAD = EVIDENCE_HEAD_BYTES;

const tooLarge: EvidenceProblem = {
  key: 'fee.evidenceTooLarge',
  params: { max: megabytes(EVIDENCE_LIMITS.maxBytes) },
};
const tooMany: EvidenceProblem = { key: 'fee.evidenceTooMany', params: { max: EVIDENCE_LIMITS.maxFiles } };

export const isEvidenceImage = (type: EvidenceType): boolean => type !== 'application/pdf';

/**
 * Which of the chosen files may join the `already` ones on the form. A photo may be larger than the
 * upload limit when it is chosen (it is shrunk first, and checked again after: checkShrunk); a PDF
 * may not, it is sent as it is.
 */
export function checkEvidence<T extends EvidenceCandidate>(already: number, chosen: T[]): EvidenceVerdict<T> {
  const accepted: EvidenceVerdict<T>['accepted'] = [];
  const problems = new Map<EvidenceProblem['key'], EvidenceProblem>();
  const typeProblem: EvidenceProblem = { key: 'fee.evidenceType' };
  for (const candidate of chosen) {
    const mimeType = evidenceTypeOf(candidate.head);
    if (!mimeType || candidate.size === 0) {
      problems.set(typeProblem.key, typeProblem);
      continue;
    }
    const limit = isEvidenceImage(mimeType) ? EVIDENCE_LIMITS.maxSourceBytes : EVIDENCE_LIMITS.maxBytes;
    if (candidate.size > limit) {
      problems.set(tooLarge.key, tooLarge);
      continue;
    }
    if (already + accepted.length >= EVIDENCE_LIMITS.maxFiles) {
      problems.set(tooMany.key, tooMany);
      continue;
    }
    accepted.push({ candidate, mimeType });
  }
  return { accepted, problems: [...problems.values()] };
}

/** A shrunk (or kept) photo must still fit the upload limit. */
export const checkShrunk = (size: number): EvidenceProblem | null =>
  size > EVIDENCE_LIMITS.maxBytes ? tooLarge : null;

/**
 * The pixel size a photo is drawn at before upload, or null to send it as it is: a photo over the
 * long-edge limit is scaled down to it, and one that weighs more than the shrink threshold is
 * re-encoded (at its own size when that is within the limit).
 */
export function shrinkTarget(
  width: number,
  height: number,
  bytes: number,
): { width: number; height: number } | null {
  const edge = Math.max(width, height);
  if (edge <= EVIDENCE_LIMITS.maxImageEdge && bytes <= EVIDENCE_LIMITS.shrinkAboveBytes) return null;
  const scale = Math.min(1, EVIDENCE_LIMITS.maxImageEdge / edge);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The name a shrunk photo is sent under: its own, ending in .jpg. */
export function shrunkName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'evidence';
  return `${base}.${EVIDENCE_EXTENSION['image/jpeg']}`;
}

/** "1.2 MB" / "350 KB" for a file row. */
export function fileSizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
