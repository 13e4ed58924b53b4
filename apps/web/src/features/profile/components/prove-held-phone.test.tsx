import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const sendCode = vi.fn();
const verifyPhone = vi.fn();
vi.mock('../api/send-held-phone-code', () => ({ useSendHeldPhoneCode: () => ({ mutateAsync: sendCode }) }));
vi.mock('../api/verify-held-phone', () => ({ useVerifyHeldPhone: () => ({ mutateAsync: verifyPhone }) }));
vi.mock('../api/verify-password', () => ({ useVerifyPassword: () => ({ mutateAsync: vi.fn() }) }));
vi.mock('@/lib/feedback', () => ({
  toastFail: vi.fn(),
  toastSuccess: vi.fn(),
  toastText: vi.fn(),
  beginLoading: vi.fn(),
  endLoading: vi.fn(),
  clearLoading: vi.fn(),
}));

const feedback = await import('@/lib/feedback');
const { ProveHeldPhone } = await import('./prove-held-phone');

const method = { method: 'sms', phoneMasked: '138****0001' } as const;

function typeCode(code: string) {
  fireEvent.change(document.getElementById('phone-held-code')!, { target: { value: code } });
}
const submit = () =>
  act(async () => fireEvent.click(document.querySelector<HTMLButtonElement>('button[type=submit]')!));

describe('step-up before a bank card change: a reload between sending the code and typing it (issue 24)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    sessionStorage.clear();
  });

  it('the code sent before the reload proves the phone, and is forgotten once used', async () => {
    sendCode.mockResolvedValue({ id: 'held-7' });
    verifyPhone.mockResolvedValue('proof-token');
    const first = render(<ProveHeldPhone purpose="finance" method={method} onProven={vi.fn()} />);
    await act(async () => fireEvent.click(screen.getByTestId('send-code')));
    first.unmount();
    const onProven = vi.fn();
    render(<ProveHeldPhone purpose="finance" method={method} onProven={onProven} />);
    typeCode('123456');
    await submit();
    expect(verifyPhone).toHaveBeenCalledWith({
      verifyId: 'held-7',
      verifyCode: '123456',
      purpose: 'finance',
    });
    expect(onProven).toHaveBeenCalledWith('proof-token');
    expect(feedback.toastFail).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
  });

  it('a code typed with no code sent says it has expired, never "enter the code"', async () => {
    render(<ProveHeldPhone purpose="finance" method={method} onProven={vi.fn()} />);
    typeCode('123456');
    await submit();
    expect(feedback.toastFail).toHaveBeenCalledWith('验证码已失效，请重新获取');
    expect(verifyPhone).not.toHaveBeenCalled();
  });

  it('no code typed still asks for it', async () => {
    render(<ProveHeldPhone purpose="finance" method={method} onProven={vi.fn()} />);
    await submit();
    expect(feedback.toastFail).toHaveBeenCalledWith('请输入验证码');
  });

  it('a code kept for another purpose or phone is not used', async () => {
    sendCode.mockResolvedValue({ id: 'held-8' });
    const first = render(<ProveHeldPhone purpose="phone" method={method} onProven={vi.fn()} />);
    await act(async () => fireEvent.click(screen.getByTestId('send-code')));
    first.unmount();
    render(<ProveHeldPhone purpose="finance" method={method} onProven={vi.fn()} />);
    typeCode('123456');
    await submit();
    expect(feedback.toastFail).toHaveBeenCalledWith('验证码已失效，请重新获取');
    expect(verifyPhone).not.toHaveBeenCalled();
  });
});
