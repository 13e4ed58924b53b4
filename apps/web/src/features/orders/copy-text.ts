/** Copies text: the clipboard API, else (old in-app browsers, plain http) selecting `field` and copying the old way. */
export async function copyText(text: string, field: HTMLElement | null): Promise<boolean> {
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
