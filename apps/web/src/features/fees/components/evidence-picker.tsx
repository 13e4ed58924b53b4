/**
 * The evidence of an other-means payment on the phone: take a photo or choose images or PDFs, see them
 * as rows with a thumbnail, remove any. Files are checked here (type by their bytes, size, count:
 * ../evidence.ts) and large photos shrunk (../evidence-image.ts) before the form uploads them on
 * submit. Loaded lazily by the other-means form, so the money screens' chunk does not carry it.
 */
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import { EVIDENCE_LIMITS, megabytes } from '@cf/shared/bill-evidence';
import { useState, type ChangeEvent } from 'react';
import { toastFail } from '@/lib/feedback';
import { useT } from '@/lib/i18n/use-t';
import {
  EVIDENCE_ACCEPT,
  EVIDENCE_HEAD,
  checkEvidence,
  checkShrunk,
  fileSizeText,
  isEvidenceImage,
  type EvidenceItem,
  type EvidenceProblem,
} from '../evidence';
import { prepareImage } from '../evidence-image';
import styles from './evidence-picker.module.css';

export interface EvidencePickerProps {
  items: EvidenceItem[];
  onAdd: (items: EvidenceItem[]) => void;
  onRemove: (key: string) => void;
  /** While the form is submitting. */
  disabled: boolean;
}

let nextKey = 0;

/** A chosen file with its first bytes, as ../evidence.ts checks it. */
async function candidateOf(file: File) {
  const head = new Uint8Array(await file.slice(0, EVIDENCE_HEAD).arrayBuffer());
  return { file, name: file.name, size: file.size, head };
}

export default function EvidencePicker({ items, onAdd, onRemove, disabled }: EvidencePickerProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const full = items.length >= EVIDENCE_LIMITS.maxFiles;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    // The same file may be chosen again after it was removed.
    input.value = '';
    if (files.length === 0) return;
    setBusy(true);
    try {
      const verdict = checkEvidence(items.length, await Promise.all(files.map(candidateOf)));
      const problems: EvidenceProblem[] = [...verdict.problems];
      const added: EvidenceItem[] = [];
      for (const { candidate, mimeType } of verdict.accepted) {
        const key = `evidence-${++nextKey}`;
        if (!isEvidenceImage(mimeType)) {
          added.push({ key, blob: candidate.file, name: candidate.name, mimeType });
          continue;
        }
        const prepared = await prepareImage(candidate.file, candidate.name, mimeType).catch(() => null);
        if (!prepared) {
          problems.push({ key: 'fee.evidenceUnreadable' });
          continue;
        }
        const tooLarge = checkShrunk(prepared.blob.size);
        if (tooLarge) problems.push(tooLarge);
        else added.push({ key, ...prepared });
      }
      if (added.length > 0) onAdd(added);
      const first = problems[0];
      // One toast at a time on antd-mobile: the first problem is the one shown.
      if (first) toastFail(t(first.key, first.params));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.evidence} aria-labelledby="evidence-title" data-testid="offline-evidence">
      <div className={styles.head}>
        <h3 id="evidence-title" className={styles.title}>
          {t('fee.evidence')}
        </h3>
        <span className={styles.count}>
          {t('fee.evidenceCount', { count: items.length, max: EVIDENCE_LIMITS.maxFiles })}
        </span>
      </div>
      <p className={styles.hint}>
        {t('fee.evidenceHint', {
          max: EVIDENCE_LIMITS.maxFiles,
          size: megabytes(EVIDENCE_LIMITS.maxBytes),
        })}
      </p>
      {items.length > 0 ? (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.key} className={styles.item} data-testid="evidence-item">
              {item.thumbnail ? (
                <img className={styles.thumb} src={item.thumbnail} alt="" />
              ) : (
                <span className={`${styles.thumb} ${styles.pdf}`} aria-hidden="true">
                  <FileOutline />
                </span>
              )}
              <span className={styles.file}>
                <span className={styles.name} data-user-data>
                  {item.name}
                </span>
                <span className={styles.size}>{fileSizeText(item.blob.size)}</span>
              </span>
              <button
                type="button"
                className={styles.remove}
                onClick={() => onRemove(item.key)}
                disabled={disabled}
                aria-label={t('fee.evidenceRemove', { name: item.name })}
                data-testid="evidence-remove"
              >
                <CloseOutline />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? null : (
        <label className={styles.add} aria-disabled={busy || disabled}>
          <input
            className={styles.input}
            type="file"
            accept={EVIDENCE_ACCEPT}
            multiple
            disabled={busy || disabled}
            onChange={(e) => void choose(e)}
            data-testid="evidence-input"
          />
          <AddOutline aria-hidden="true" />
          {busy ? t('fee.evidenceReading') : t('fee.evidenceAdd')}
        </label>
      )}
    </section>
  );
}
