/**
 * The shared validation rules (packages/shared/src/validation.ts) report message keys; this maps
 * them to the app's own texts, with a label key for the code field's `{label}` parameter.
 */
import type { MessageKey } from '@cf/shared/messages';
import type { FieldProblem } from '@cf/shared/validation';
import type { TextKey } from './zh';

type ValidateKey = Extract<MessageKey, `validate.${string}`>;

/** Every shared validation key has a text here; the compiler rejects a missing one. */
const VALIDATION_TEXTS: Record<ValidateKey, TextKey> = {
  'validate.phoneEmpty': 'validate.phoneEmpty',
  'validate.phoneInvalid': 'validate.phoneInvalid',
  'validate.phoneCorrect': 'validate.phoneCorrect',
  'validate.idCardEmpty': 'validate.idCardEmpty',
  'validate.idCardInvalid': 'validate.idCardInvalid',
  'validate.idCardNotFound': 'validate.idCardNotFound',
  'validate.emailInvalid': 'validate.emailInvalid',
  'validate.emailRequired': 'validate.emailRequired',
  'validate.verifyCodeRequired': 'validate.verifyCodeRequired',
  'validate.verifyCodeExpired': 'validate.verifyCodeExpired',
  'validate.realNameRequired': 'validate.realNameRequired',
  'validate.codeRequired': 'validate.codeRequired',
  'validate.passwordRequired': 'validate.passwordRequired',
  'validate.userTypeNotAllowed': 'validate.userTypeNotAllowed',
  'validate.bankCardInvalid': 'validate.bankCardInvalid',
  'validate.bankNameRequired': 'validate.bankNameRequired',
};

type Translate = (key: TextKey, params?: Record<string, string | number>) => string;

/** The code field's label: the tenant's alias, or the translated student/staff number. */
function labelText(label: string | undefined, t: Translate): string {
  if (label === 'studentNo') return t('bind.studentNo');
  if (label === 'employeeNo') return t('bind.employeeNo');
  return label ?? '';
}

export function problemText(problem: Pick<FieldProblem, 'message' | 'params'>, t: Translate): string {
  const key = VALIDATION_TEXTS[problem.message as ValidateKey];
  if (!key) return t('common.unknownError');
  return t(
    key,
    problem.params ? { ...problem.params, label: labelText(problem.params.label, t) } : undefined,
  );
}
