import { useEffect, useRef, useState } from 'react';
import { toastFail } from '@/lib/feedback';

/** How long "copied" shows after a copy. */
const COPIED_MS = 2000;

/** Copies text: the clipboard API, else (old in-app browsers, plain http) selecting `field` and copying the old way. */
async function copyText(text: string, field: HTMLElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (old in-app browsers, plain http): select the text and copy the old way.
    if (!field) return false;
    const range = document.createRange();
    range.selectNodeContents(field);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    return document.execCommand?.('copy') ?? false;
  }
}

/**
 * A copy button's state: `field` is the element holding the text (selected when the clipboard API is
 * missing), `copied` is true for a moment after a copy, and `copy` toasts `byHand` when nothing could
 * copy it. The pay link and the order number use it.
 */
export function useCopy<E extends HTMLElement>(text: string, byHand: string) {
  const field = useRef<E>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    if (await copyText(text, field.current)) setCopied(true);
    else toastFail(byHand);
  }
  return { field, copied, copy };
}
