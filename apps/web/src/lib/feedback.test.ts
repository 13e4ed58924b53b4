import { describe, expect, it } from 'vitest';
import { sentenceCase } from './feedback';

describe('sentenceCase', () => {
  it("shows the spec's lower-case English toasts as sentences", () => {
    expect(sentenceCase('login succeeded')).toBe('Login succeeded');
    expect(sentenceCase('modified successfully')).toBe('Modified successfully');
    expect(sentenceCase('登录成功')).toBe('登录成功');
  });
});
