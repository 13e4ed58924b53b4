import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SendCodeButton } from './send-code-button';

describe('send-code button (spec §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sending, then disabled for 60 s ticking each second, then enabled', async () => {
    let finish!: (sent: boolean) => void;
    const onSend = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    render(<SendCodeButton onSend={onSend} />);
    const button = screen.getByTestId('send-code') as HTMLButtonElement;
    expect(button.textContent).toBe('获取验证码');
    fireEvent.click(button);
    expect(button.textContent).toBe('发送中');
    expect(button.disabled).toBe(true);
    await act(async () => finish(true));
    expect(button.textContent).toBe('60 秒后重发');
    expect(button.disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('59 秒后重发');
    await act(async () => vi.advanceTimersByTime(59_000));
    expect(button.textContent).toBe('获取验证码');
    expect(button.disabled).toBe(false);
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('is enabled again at once when sending fails', async () => {
    render(<SendCodeButton onSend={() => Promise.reject(new Error('no'))} />);
    const button = screen.getByTestId('send-code') as HTMLButtonElement;
    await act(async () => fireEvent.click(button));
    expect(button.textContent).toBe('获取验证码');
    expect(button.disabled).toBe(false);
  });
});
