import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Radio from 'antd-mobile/es/components/radio';
import {
  bindFieldsShown,
  bindFormProblems,
  validateBindForm,
  type BindForm as BindFormValues,
  type BindSettings,
  type UserType,
} from '@cf/shared/validation';
import type { BindCodeReply } from '@cf/shared/wire/user';
import { useReducer, useState, type FormEvent } from 'react';
import { FormRow } from '@/components/form-row';
import { SendCodeButton } from '@/components/send-code-button';
import { toastFail, toastSuccess, toastText } from '@/lib/feedback';
import { useT } from '@/lib/i18n/use-t';
import { problemText } from '@/lib/i18n/validation-text';
import { codeProblem, dropPendingCode, keepPendingCode, pendingCode } from '@/lib/pending-code';
import { hasValidUserId, saveSession, type SessionUser } from '@/lib/session';
import { bindPayload, withWirePassword } from '../api/bind-payload';
import { useBindUser } from '../api/bind-user';
import { useCheckAndSendValidate } from '../api/check-and-send-validate';
import { getStudentListByIdCard } from '../api/get-student-list-by-id-card';
import { useRegisterUser } from '../api/register-user';
import { PickStudentPopup } from './pick-student-popup';
import styles from './bind-form.module.css';
import { useStudentPicker } from './use-student-picker';

/** The flow name of the kept binding code (lib/pending-code). */
const BIND_CODE = 'bind';

interface BindFormProps {
  settings: BindSettings;
  user: SessionUser;
  /** Prefix of the inputs' ids (the page and the rebinding popup may both be mounted). */
  idPrefix: string;
  /** After the success toast: the page reloads (spec §4). */
  onBound: () => void;
}

/**
 * User binding (spec §4, §5): the fields the tenant's params show, the shared rules and messages,
 * the student resolved by ID card when its number is not asked for (0 / 1 / several matches),
 * the send-code button and a submit disabled while saving.
 */
export function BindForm({ settings, user, idPrefix, onBound }: BindFormProps) {
  const t = useT();
  const [form, setForm] = useState<BindFormValues>({ userType: settings.userTypes[0], idType: '1' });
  const [saving, setSaving] = useState(false);
  /** Bumped when a code is sent, so the kept code below is read again. */
  const [, codeSentNow] = useReducer((n: number) => n + 1, 0);
  const picker = useStudentPicker();
  const sendCode = useCheckAndSendValidate();
  const bindUser = useBindUser();
  const registerUser = useRegisterUser();

  const userType = (form.userType ?? settings.userTypes[0]) as UserType;
  const shown = bindFieldsShown(settings, userType);
  // The student number hidden (bind_studentNo 0): it is found from the ID card instead.
  const resolveByIdCard = userType === 'student' && !shown.code;
  const id = (name: string) => `${idPrefix}-${name}`;
  /** What is wrong with each field, all marked at once on submit (issue 24); a field's mark goes as it is edited. */
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const set = (patch: Partial<BindFormValues>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };
  // The code sent survives a reload (issue 24), kept in the session storage area with what it was
  // sent for (user type and typed phone): changing either leaves it aside. It also says where the
  // code went (the held phone, masked), shown under the code field.
  const sentFor = `${userType}:${shown.phone ? (form.phone ?? '').trim() : ''}`;
  const codeSent = pendingCode<BindCodeReply>(BIND_CODE, sentFor);
  const codeLabel =
    userType === 'student' ? settings.studentNoAlias || t('bind.studentNo') : t('bind.employeeNo');
  const idCardLabel =
    userType === 'other' && String(form.idType) === '2' ? t('bind.idNumber') : t('bind.idCard');

  /** 0 matches: an error; 1: used; several: the pick popup. Null when no student was settled. */
  async function resolveStudentNo(): Promise<string | null> {
    const students = await getStudentListByIdCard(form.idCard ?? '', form.realName ?? '');
    if (students.length === 0) {
      toastFail(t('validate.idCardNotFound'));
      return null;
    }
    const student = students.length === 1 ? students[0]! : await picker.pick(students);
    if (!student) return null;
    set({ code: student.studentNo });
    return student.studentNo;
  }

  async function sendVerifyCode(): Promise<boolean> {
    if (shown.phone && !form.phone?.trim()) {
      toastFail(t('validate.phoneEmpty'));
      return false;
    }
    if ((shown.idCard || resolveByIdCard) && !form.idCard?.trim()) {
      toastFail(t('validate.idCardEmpty'));
      return false;
    }
    const problem = validateBindForm(form, settings, false);
    if (problem) {
      toastFail(problemText(problem, t));
      return false;
    }
    const code = resolveByIdCard ? await resolveStudentNo() : form.code;
    if (resolveByIdCard && !code) return false;
    const sent = await sendCode.mutateAsync(
      await withWirePassword(bindPayload({ ...form, code: code ?? undefined }, settings, user.tenantId)),
    );
    keepPendingCode<BindCodeReply>(BIND_CODE, { id: sent.id, to: sentFor, detail: sent });
    codeSentNow();
    toastText(t('code.sent'));
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const problems = bindFormProblems(form, settings, true);
    setErrors(Object.fromEntries(problems.map((p) => [p.field, problemText(p, t)])));
    if (problems.length > 0) {
      // Every field is marked; the toast says the first, and the first marked field takes the focus.
      document.getElementById(id(problems[0]!.field))?.focus();
      return toastFail(problemText(problems[0]!, t));
    }
    const verifyId = codeSent?.id;
    // A code typed but the one sent is gone (a reload lost it, or it was for another phone).
    if (form.verifyCode?.trim() && codeProblem(form.verifyCode, verifyId))
      return toastFail(t('validate.verifyCodeExpired'));
    setSaving(true);
    try {
      const code = resolveByIdCard ? await resolveStudentNo() : form.code;
      if (!resolveByIdCard || code) {
        const payload = await withWirePassword(
          bindPayload({ ...form, code: code ?? undefined, verifyId }, settings, user.tenantId),
        );
        const visitor = !hasValidUserId(user) && !!user.oauthId;
        const grant = visitor
          ? await registerUser.mutateAsync({ ...payload, oauthId: user.oauthId })
          : await bindUser.mutateAsync(payload);
        dropPendingCode(BIND_CODE);
        // Submit stays disabled; the new session is saved as the page reloads, so nothing moves
        // under the success toast.
        // No user type yet: the binding waits for the finance office (the shell then says so).
        toastSuccess(grant.user_type ? t('bind.success') : t('bind.pendingToast'), {
          duration: 1000,
          afterClose: () => {
            saveSession(grant);
            onBound();
          },
        });
        return;
      }
    } catch {
      // The client showed the server's message; the form stays as typed.
    }
    setSaving(false);
  }

  const text = (
    name: keyof BindFormValues,
    label: string,
    extra: Partial<Parameters<typeof Input>[0]> = {},
    placeholderLabel = label,
  ) => (
    <FormRow htmlFor={id(name)} label={label} error={errors[name]}>
      <Input
        id={id(name)}
        name={name}
        placeholder={t('bind.enter', { label: placeholderLabel })}
        value={String(form[name] ?? '')}
        onChange={(value) => set({ [name]: value })}
        clearable
        {...extra}
      />
    </FormRow>
  );

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label={t('bind.title')}>
      <div className={styles.fields}>
        {settings.userTypes.length > 1 ? (
          <div
            className={`${styles.choiceRow} ${styles.choiceRowStacked}`}
            role="radiogroup"
            aria-label={t('bind.userType')}
          >
            <span className={styles.choiceLabel}>{t('bind.userType')}</span>
            {/* On a line of their own under the label: three types never leave one alone on a line at 320 px. */}
            <div className={styles.choices} data-testid="bind-user-types">
              <Radio.Group
                value={userType}
                onChange={(value) => set({ userType: String(value), code: undefined })}
              >
                {settings.userTypes.map((type) => (
                  <Radio key={type} value={type} className={styles.radio}>
                    {t(`bind.userType.${type}`)}
                  </Radio>
                ))}
              </Radio.Group>
            </div>
          </div>
        ) : null}
        {shown.code ? text('code', codeLabel) : null}
        {shown.idType ? (
          <div className={styles.choiceRow} role="radiogroup" aria-label={t('bind.idType')}>
            <span className={styles.choiceLabel}>{t('bind.idType')}</span>
            <Radio.Group
              value={String(form.idType ?? '1')}
              onChange={(value) => set({ idType: String(value) })}
            >
              <Radio value="1" className={styles.radio}>
                {t('bind.idType.mainland')}
              </Radio>
              <Radio value="2" className={styles.radio}>
                {t('bind.idType.other')}
              </Radio>
            </Radio.Group>
          </div>
        ) : null}
        {shown.idCard || resolveByIdCard
          ? text('idCard', idCardLabel, {
              maxLength: 32,
              onChange: (value: string) =>
                set({ idCard: value, ...(resolveByIdCard ? { code: undefined } : {}) }),
            })
          : null}
        {text('realName', t('bind.realName'), { autoComplete: 'name' })}
        {shown.password
          ? text('password', t('bind.password'), { type: 'password', autoComplete: 'off' })
          : null}
        {shown.email
          ? text(
              'email',
              settings.registerEmail === '2' ? t('bind.email') : `${t('bind.email')} (${t('bind.optional')})`,
              { type: 'email', autoComplete: 'email' },
              t('bind.email'),
            )
          : null}
        {shown.phone
          ? text('phone', t('bind.phone'), { type: 'tel', inputMode: 'numeric', maxLength: 11 })
          : null}
        <FormRow
          htmlFor={id('verifyCode')}
          label={shown.verifyCode ? t('bind.verifyCode') : `${t('bind.verifyCode')} (${t('bind.optional')})`}
          extra={<SendCodeButton onSend={sendVerifyCode} />}
          error={errors.verifyCode}
        >
          <Input
            id={id('verifyCode')}
            name="verifyCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('code.placeholder')}
            value={form.verifyCode ?? ''}
            onChange={(value) => set({ verifyCode: value })}
          />
        </FormRow>
        <p className={styles.codeHint} data-testid="bind-code-hint" aria-live="polite">
          {codeSent?.detail
            ? t(codeSent.detail.heldPhone ? 'bind.codeSentHeld' : 'bind.codeSentTyped', {
                phone: codeSent.detail.phoneMasked,
              })
            : shown.verifyCode
              ? t('bind.codeToHeld')
              : t('bind.waivedHint')}
        </p>
      </div>
      <Button type="submit" block color="primary" size="large" loading={saving} disabled={saving}>
        {t('bind.submit')}
      </Button>
      <PickStudentPopup students={picker.choices} onPick={picker.onPick} />
    </form>
  );
}
