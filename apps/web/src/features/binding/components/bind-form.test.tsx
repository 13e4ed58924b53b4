import { bindSettingsFromParams } from '@cf/shared/validation';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/session';

const students = vi.fn();
const bindUser = vi.fn();
const registerUser = vi.fn();
const sendCode = vi.fn();
vi.mock('../api/get-student-list-by-id-card', () => ({ getStudentListByIdCard: students }));
vi.mock('../api/bind-user', () => ({ useBindUser: () => ({ mutateAsync: bindUser }) }));
vi.mock('../api/register-user', () => ({ useRegisterUser: () => ({ mutateAsync: registerUser }) }));
vi.mock('../api/check-and-send-validate', () => ({
  useCheckAndSendValidate: () => ({ mutateAsync: sendCode }),
}));
vi.mock('@/lib/feedback', () => ({
  toastFail: vi.fn(),
  toastSuccess: vi.fn(),
  toastText: vi.fn(),
  beginLoading: vi.fn(),
  endLoading: vi.fn(),
  clearLoading: vi.fn(),
}));

const feedback = await import('@/lib/feedback');
const { BindForm } = await import('./bind-form');

const visitor: SessionUser = {
  tenantId: '100002',
  userId: '0',
  oauthId: 'oauth-9',
  account: '',
  userName: '',
  nickName: '',
  roleName: '',
  avatar: '',
  userType: '',
};
// Demo College: the student number is hidden, students are found by ID card.
const college = bindSettingsFromParams({
  bind_userTypes: 'student,other',
  bind_studentNo: '0',
  bind_registerEmail: '0',
  bind_registerPhone: '0',
});
const grant = { access_token: 'a', refresh_token: 'r', tenant_id: '100002', user_id: '7' };

function fill(id: string, value: string) {
  fireEvent.change(document.getElementById(id)!, { target: { value } });
}

describe('bind form: student found by ID card', () => {
  beforeEach(() => vi.clearAllMocks());

  it('several matches open the pick popup; the choice continues the binding', async () => {
    students.mockResolvedValue([
      { studentNo: 'C2024001', studentName: '孙九', startYear: 2024, major: '护理' },
      { studentNo: 'C2021007', studentName: '孙九', startYear: 2021, major: '药学' },
    ]);
    registerUser.mockResolvedValue(grant);
    render(<BindForm settings={college} user={visitor} idPrefix="t" onBound={vi.fn()} />);
    expect(document.getElementById('t-code')).toBeNull();
    fill('t-idCard', '320102200501015555');
    fill('t-realName', '孙九');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交绑定' })));
    const popup = await screen.findByTestId('pick-student-popup');
    expect(popup.textContent).toContain('2021级');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /C2021007/ })));
    await waitFor(() => expect(registerUser).toHaveBeenCalledTimes(1));
    expect(registerUser.mock.calls[0]![0]).toMatchObject({
      tenantId: '100002',
      userType: 'student',
      code: 'C2021007',
      idCard: '320102200501015555',
      realName: '孙九',
      oauthId: 'oauth-9',
    });
    expect(bindUser).not.toHaveBeenCalled();
    // The look-up carries the form's name: the server answers only a binder who knows both.
    expect(students).toHaveBeenCalledWith('320102200501015555', '孙九');
    // Issue 9: no code in a tenant that waives SMS, so the grant has no user type yet: pending.
    expect(vi.mocked(feedback.toastSuccess).mock.calls[0]![0]).toBe('已提交，等待财务处审核');
    // Saving stays on until the page reloads.
    expect(document.querySelector<HTMLButtonElement>('button[type=submit]')!.disabled).toBe(true);
  });

  it('one match is used without asking', async () => {
    students.mockResolvedValue([{ studentNo: 'C2024002', studentName: '周', startYear: 2024 }]);
    registerUser.mockResolvedValue(grant);
    render(<BindForm settings={college} user={visitor} idPrefix="t" onBound={vi.fn()} />);
    fill('t-idCard', '320102200502026666');
    fill('t-realName', '周');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交绑定' })));
    await waitFor(() => expect(registerUser).toHaveBeenCalledTimes(1));
    expect(registerUser.mock.calls[0]![0]).toMatchObject({ code: 'C2024002' });
    expect(screen.queryByTestId('pick-student-popup')).toBeNull();
  });

  it('no match is an error and nothing is bound', async () => {
    students.mockResolvedValue([]);
    render(<BindForm settings={college} user={visitor} idPrefix="t" onBound={vi.fn()} />);
    fill('t-idCard', '320102199901019999');
    fill('t-realName', '无');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交绑定' })));
    await waitFor(() => expect(feedback.toastFail).toHaveBeenCalledWith('身份证号不存在，请检查输入'));
    expect(registerUser).not.toHaveBeenCalled();
    expect(document.querySelector<HTMLButtonElement>('button[type=submit]')!.disabled).toBe(false);
  });

  it('checks the shared rules before calling the server', async () => {
    render(<BindForm settings={college} user={visitor} idPrefix="t" onBound={vi.fn()} />);
    fill('t-realName', '孙九');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交绑定' })));
    expect(feedback.toastFail).toHaveBeenCalledWith('身份证号为空');
    expect(students).not.toHaveBeenCalled();
  });
});

describe('bind form: sending the code', () => {
  beforeEach(() => vi.clearAllMocks());
  const university = bindSettingsFromParams({ bind_registerPhone: '1', bind_registerEmail: '0' });
  const bound = { ...visitor, tenantId: '100001', userId: '5', oauthId: '' };

  it('an empty phone says so and sends nothing', async () => {
    render(<BindForm settings={university} user={bound} idPrefix="t" onBound={vi.fn()} />);
    await act(async () => fireEvent.click(screen.getByTestId('send-code')));
    expect(feedback.toastFail).toHaveBeenCalledWith('手机号为空');
    expect(sendCode).not.toHaveBeenCalled();
  });

  it('keeps the verify id, shows the held phone it went to and binds the signed-in user with it', async () => {
    sendCode.mockResolvedValue({ id: 'verify-1', phoneMasked: '138****0011', heldPhone: true });
    bindUser.mockResolvedValue({ ...grant, user_type: 'student' });
    render(<BindForm settings={university} user={bound} idPrefix="t" onBound={vi.fn()} />);
    fill('t-code', 'S2024002');
    fill('t-idCard', '110101200402021235');
    fill('t-realName', '李四');
    fill('t-phone', '13912345678');
    await act(async () => fireEvent.click(screen.getByTestId('send-code')));
    expect(sendCode.mock.calls[0]![0]).toMatchObject({ phone: '13912345678', code: 'S2024002' });
    expect(screen.getByTestId('bind-code-hint').textContent).toBe('验证码已发送至财务处预留手机 138****0011');
    fill('t-verifyCode', '123456');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交绑定' })));
    await waitFor(() => expect(bindUser).toHaveBeenCalledTimes(1));
    expect(bindUser.mock.calls[0]![0]).toMatchObject({ verifyId: 'verify-1', verifyCode: '123456' });
    expect(vi.mocked(feedback.toastSuccess).mock.calls[0]![0]).toBe('绑定成功');
  });

  it('where SMS is waived, an optional code to the held phone needs no typed phone and binds at once', async () => {
    students.mockResolvedValue([{ studentNo: 'C2024002', studentName: '郑*', startYear: 2024 }]);
    sendCode.mockResolvedValue({ id: 'verify-2', phoneMasked: '138****0041', heldPhone: true });
    registerUser.mockResolvedValue({ ...grant, user_type: 'student' });
    render(<BindForm settings={college} user={visitor} idPrefix="t" onBound={vi.fn()} />);
    expect(screen.getByTestId('bind-code-hint').textContent).toBe(
      '验证码将发送到财务处为该身份预留的手机；也可不填直接提交，绑定将在财务处审核通过后生效',
    );
    fill('t-idCard', '320102200502026666');
    fill('t-realName', '郑十');
    await act(async () => fireEvent.click(screen.getByTestId('send-code')));
    expect(sendCode.mock.calls[0]![0]).toMatchObject({ code: 'C2024002' });
    expect(sendCode.mock.calls[0]![0]).not.toHaveProperty('phone');
    fill('t-verifyCode', '654321');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交绑定' })));
    await waitFor(() => expect(registerUser).toHaveBeenCalledTimes(1));
    expect(registerUser.mock.calls[0]![0]).toMatchObject({ verifyId: 'verify-2', verifyCode: '654321' });
  });
});

describe('bind form: a reload between sending the code and typing it (issue 24)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    sessionStorage.clear();
  });
  const university = bindSettingsFromParams({ bind_registerPhone: '1', bind_registerEmail: '0' });
  const bound = { ...visitor, tenantId: '100001', userId: '5', oauthId: '' };

  function fillForm(phone = '13912345678') {
    fill('t-code', 'S2024002');
    fill('t-idCard', '110101200402021235');
    fill('t-realName', '李四');
    fill('t-phone', phone);
  }

  async function sendThenReload() {
    sendCode.mockResolvedValue({ id: 'verify-9', phoneMasked: '138****0011', heldPhone: true });
    const first = render(<BindForm settings={university} user={bound} idPrefix="t" onBound={vi.fn()} />);
    fillForm();
    await act(async () => fireEvent.click(screen.getByTestId('send-code')));
    // The page reloads (WeChat, back from the SMS app): the form starts again, the code id is kept.
    first.unmount();
    render(<BindForm settings={university} user={bound} idPrefix="t" onBound={vi.fn()} />);
  }

  it('the code sent before the reload binds, and is forgotten once used', async () => {
    bindUser.mockResolvedValue({ ...grant, user_type: 'student' });
    await sendThenReload();
    fillForm();
    expect(screen.getByTestId('bind-code-hint').textContent).toBe('验证码已发送至财务处预留手机 138****0011');
    fill('t-verifyCode', '123456');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交绑定' })));
    await waitFor(() => expect(bindUser).toHaveBeenCalledTimes(1));
    expect(bindUser.mock.calls[0]![0]).toMatchObject({ verifyId: 'verify-9', verifyCode: '123456' });
    expect(feedback.toastFail).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
  });

  it('a code typed with no code sent says it has expired, never "enter the code"', async () => {
    render(<BindForm settings={university} user={bound} idPrefix="t" onBound={vi.fn()} />);
    fillForm();
    fill('t-verifyCode', '123456');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交绑定' })));
    expect(feedback.toastFail).toHaveBeenCalledWith('验证码已失效，请重新获取');
    expect(feedback.toastFail).not.toHaveBeenCalledWith('请输入验证码');
    expect(bindUser).not.toHaveBeenCalled();
  });

  it('another phone than the code was sent for leaves the kept code aside', async () => {
    await sendThenReload();
    fillForm('13987654321');
    expect(screen.getByTestId('bind-code-hint').textContent).not.toContain('138****0011');
    fill('t-verifyCode', '123456');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交绑定' })));
    expect(feedback.toastFail).toHaveBeenCalledWith('验证码已失效，请重新获取');
    expect(bindUser).not.toHaveBeenCalled();
  });
});

describe('bind form: every problem marked at once', () => {
  beforeEach(() => vi.clearAllMocks());

  it('marks every empty field on submit, says the first, and clears a mark as its field is typed', async () => {
    const university = bindSettingsFromParams({ bind_userTypes: 'student,employee,other' });
    render(<BindForm settings={university} user={visitor} idPrefix="m" onBound={vi.fn()} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交绑定' })));
    const marked = () =>
      [...document.querySelectorAll('[data-invalid] input')].map((input) => input.getAttribute('id'));
    expect(marked()).toEqual(expect.arrayContaining(['m-code', 'm-idCard', 'm-realName']));
    expect(marked().length).toBeGreaterThanOrEqual(3);
    expect(screen.getAllByTestId('field-error').length).toBe(marked().length);
    expect(document.getElementById('m-realName-error')!.textContent).toBe('请输入姓名');
    expect(vi.mocked(feedback.toastFail)).toHaveBeenCalledTimes(1);
    expect(bindUser).not.toHaveBeenCalled();
    expect(registerUser).not.toHaveBeenCalled();

    fill('m-realName', '张三');
    expect(marked()).not.toContain('m-realName');
    expect(marked()).toContain('m-idCard');
  });
});
