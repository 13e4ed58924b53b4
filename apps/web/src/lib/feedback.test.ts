import { describe, expect, it, vi } from 'vitest';

// Offline: antd-mobile's Toast chunk cannot load.
vi.mock('./imperative', () => ({
  loadToast: vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
}));
import { sentenceCase, toastFail } from './feedback';
import { loadToast } from './imperative';

describe('sentenceCase', () => {
  it("shows the spec's lower-case English toasts as sentences", () => {
    expect(sentenceCase('login succeeded')).toBe('Login succeeded');
    expect(sentenceCase('modified successfully')).toBe('Modified successfully');
    expect(sentenceCase('登录成功')).toBe('登录成功');
  });
});

describe('a toast whose chunk cannot load (offline)', () => {
  it('still shows the message as a plain toast, throws nothing, and tries the chunk again next time', async () => {
    toastFail('network error');
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid="plain-toast"]')?.textContent).toBe('Network error'),
    );
    toastFail('network error');
    await vi.waitFor(() => expect(vi.mocked(loadToast)).toHaveBeenCalledTimes(2));
  });
});
