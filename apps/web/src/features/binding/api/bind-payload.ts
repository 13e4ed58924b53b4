/** The bind form as the server takes it: only the fields the tenant's settings show (spec §3, §5). */
import { bindFieldsShown, type BindForm, type BindSettings, type UserType } from '@cf/shared/validation';
import type { BindFormRequest } from '@cf/shared/wire/user';

/** The bind form's fields as sent: text, each named as the wire's bind form names it. */
export type BindPayload = { [K in keyof BindFormRequest]?: string };

export function bindPayload(form: BindForm, settings: BindSettings, tenantId: string): BindPayload {
  const userType = (form.userType ?? settings.userTypes[0] ?? 'student') as UserType;
  const shown = bindFieldsShown(settings, userType);
  const payload: BindPayload = { tenantId, userType, realName: (form.realName ?? '').trim() };
  const put = (key: keyof BindForm, on: boolean) => {
    const value = form[key];
    if (on && value !== undefined && String(value).trim() !== '') payload[key] = String(value).trim();
  };
  // The student number may be resolved from the ID card even when the field is hidden.
  put('code', true);
  put('idType', shown.idType);
  put('idCard', shown.idCard);
  put('password', shown.password);
  put('email', shown.email);
  put('phone', shown.phone);
  // Where the tenant waives SMS, a code sent to the held phone is still welcome: it binds at once.
  const codeSent = shown.verifyCode || !!form.verifyId;
  put('verifyCode', codeSent);
  put('verifyId', codeSent);
  return payload;
}

/**
 * The staff password (employee rule 1) travels like the sign-in password: Base64(AES(md5(typed)))
 * under the wire key. Crypto loads only when a password is actually sent.
 */
export async function withWirePassword(payload: BindPayload): Promise<BindPayload> {
  if (!payload.password) return payload;
  const [{ encryptPassword }, { loadClientConfig }] = await Promise.all([
    import('@cf/shared/wire-crypto'),
    import('@/api/get-client-config'),
  ]);
  const config = await loadClientConfig();
  return { ...payload, password: encryptPassword(payload.password, config.wireAesKey) };
}
