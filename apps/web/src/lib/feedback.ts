/**
 * Toasts. antd-mobile's Toast (and the animation library under it) loads on first use, keeping it
 * out of the first screen's bundle; calls run in the order made. antd-mobile shows one toast at a
 * time, so the loading toast is tracked and only cleared while it is still the one on screen (a
 * failure toast replaces it and must stay visible).
 */
import { loadToast } from './imperative';

/**
 * A toast reads as a sentence: its first letter in capitals. The spec's English messages are kept word
 * for word in the dictionaries ('login succeeded'); they are shown as 'Login succeeded'.
 */
export const sentenceCase = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

type ToastApi = Awaited<ReturnType<typeof loadToast>>;

let toastModule: Promise<ToastApi> | undefined;
/**
 * Runs `use` with antd-mobile's Toast once its chunk is in. Offline, that chunk may not load: then the
 * message still shows, as a plain toast (`fallback`), nothing is thrown, and the next toast tries the
 * chunk again (issue 24: a failed toast chunk must never replace the screen).
 */
function withToast(use: (toast: ToastApi) => void, fallback?: () => void): void {
  toastModule ??= loadToast().catch((error: unknown) => {
    toastModule = undefined;
    throw error;
  });
  toastModule.then(use, () => fallback?.());
}

/** How long a plain toast stays. */
const PLAIN_TOAST_MS = 2500;

/** A message without antd-mobile (its chunk could not load): a plain box, read out, gone after a while. */
export function plainToast(text: string): void {
  if (typeof document === 'undefined') return;
  document.querySelector('.plain-toast')?.remove();
  const box = document.createElement('div');
  box.className = 'plain-toast';
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'plain-toast';
  box.textContent = sentenceCase(text);
  document.body.append(box);
  setTimeout(() => box.remove(), PLAIN_TOAST_MS);
}

let pending = 0;
let loadingOnScreen = false;

export function beginLoading(text: string): void {
  pending++;
  loadingOnScreen = true;
  withToast((toast) =>
    toast.show({ icon: 'loading', content: sentenceCase(text), duration: 0, maskClickable: false }),
  );
}

export function endLoading(): void {
  pending = Math.max(0, pending - 1);
  if (pending === 0) clearLoading();
}

export function clearLoading(): void {
  pending = 0;
  if (loadingOnScreen) withToast((toast) => toast.clear());
  loadingOnScreen = false;
}

export function toastFail(text: string): void {
  loadingOnScreen = false;
  withToast(
    (toast) => toast.show({ icon: 'fail', content: sentenceCase(text) }),
    () => plainToast(text),
  );
}

export function toastSuccess(
  text: string,
  options: { duration?: number; afterClose?: () => void } = {},
): void {
  loadingOnScreen = false;
  withToast(
    (toast) =>
      toast.show({
        icon: 'success',
        content: sentenceCase(text),
        duration: options.duration,
        afterClose: options.afterClose,
      }),
    () => {
      plainToast(text);
      if (options.afterClose) setTimeout(options.afterClose, options.duration ?? PLAIN_TOAST_MS);
    },
  );
}

export function toastText(text: string): void {
  loadingOnScreen = false;
  withToast(
    (toast) => toast.show({ content: sentenceCase(text) }),
    () => plainToast(text),
  );
}
