/**
 * Issue 10, one wire contract: the web's request and reply types are z.infer (z.input for requests) of
 * the zod schemas in packages/shared/src/wire, the very objects the server's routes validate and answer
 * with (apps/server/src/wire-contract.test.ts checks that side). The expectTypeOf lines are checked by
 * `npm run typecheck`: change a field of a server schema and this file, or the api file using it,
 * stops compiling. The runtime checks parse a reply typed as the web reads it with the server's schema.
 */
import {
  tokenReplySchema,
  userInfoSchema,
  type captchaSchema,
  type tokenQuerySchema,
} from '@cf/shared/wire/auth';
import type { smsSendQuery, verifyIdSchema } from '@cf/shared/wire/sms';
import type {
  clientConfigSchema,
  dictionarySchema,
  publicTenantsSchema,
  tenantInfoSchema,
} from '@cf/shared/wire/system';
import {
  bindInfoSchema,
  type bindCodeSchema,
  type bindFormSchema,
  type registerPhoneSchema,
  type stepUpMethodSchema,
  type studentListItemSchema,
} from '@cf/shared/wire/user';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { getClientConfig } from '@/api/get-client-config';
import type { flowRoutesOf } from '@/api/get-flow-dictionary';
import type { getTenant } from '@/api/get-tenant';
import type { getUserInfo } from '@/api/get-user-info';
import type { getCaptcha } from '@/api/get-captcha';
import type { getPublicTenants } from '@/features/auth/api/get-public-tenants';
import type { loginByPassword } from '@/features/auth/api/login-by-password';
import type { loginBySocial } from '@/features/auth/api/login-by-social';
import type { refreshToken } from '@/features/auth/api/refresh-token';
import type { BindPayload } from '@/features/binding/api/bind-payload';
import type { bindUser } from '@/features/binding/api/bind-user';
import type { checkAndSendValidate } from '@/features/binding/api/check-and-send-validate';
import type { getBindInfo } from '@/api/get-bind-info';
import type { getStudentListByIdCard } from '@/features/binding/api/get-student-list-by-id-card';
import type { registerUser } from '@/features/binding/api/register-user';
import type { getStepUpMethod } from '@/features/profile/api/get-step-up-method';
import type { sendHeldPhoneCode } from '@/features/profile/api/send-held-phone-code';
import type { sendPhoneCode } from '@/features/profile/api/send-phone-code';
import type { updateRegisterPhone } from '@/features/profile/api/update-register-phone';

type Reply<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

describe('wire contract: web types are z.infer of the server schemas', () => {
  it('replies of the auth and system areas', () => {
    expectTypeOf<Reply<typeof getUserInfo>>().toEqualTypeOf<z.infer<typeof userInfoSchema>>();
    expectTypeOf<Reply<typeof getCaptcha>>().toEqualTypeOf<z.infer<typeof captchaSchema>>();
    expectTypeOf<Reply<typeof loginByPassword>>().toEqualTypeOf<z.infer<typeof tokenReplySchema>>();
    expectTypeOf<Reply<typeof loginBySocial>>().toEqualTypeOf<z.infer<typeof tokenReplySchema>>();
    expectTypeOf<Reply<typeof refreshToken>>().toEqualTypeOf<z.infer<typeof tokenReplySchema>>();
    expectTypeOf<Reply<typeof getClientConfig>>().toEqualTypeOf<z.infer<typeof clientConfigSchema>>();
    expectTypeOf<Reply<typeof getTenant>>().toEqualTypeOf<z.infer<typeof tenantInfoSchema>>();
    expectTypeOf<Reply<typeof getPublicTenants>>().toEqualTypeOf<z.infer<typeof publicTenantsSchema>>();
    // The flow mapping reads entries of the dictionary reply.
    expectTypeOf<z.infer<typeof dictionarySchema>>().toExtend<Parameters<typeof flowRoutesOf>[0]>();
    expect(userInfoSchema.parse(sampleUserInfo)).toEqual(sampleUserInfo);
  });

  it('replies of the user and sms areas', () => {
    expectTypeOf<Reply<typeof bindUser>>().toEqualTypeOf<z.infer<typeof tokenReplySchema>>();
    expectTypeOf<Reply<typeof registerUser>>().toEqualTypeOf<z.infer<typeof tokenReplySchema>>();
    expectTypeOf<Reply<typeof checkAndSendValidate>>().toEqualTypeOf<z.infer<typeof bindCodeSchema>>();
    expectTypeOf<Reply<typeof getBindInfo>>().toEqualTypeOf<z.infer<typeof bindInfoSchema>>();
    expectTypeOf<Reply<typeof getStudentListByIdCard>>().toEqualTypeOf<
      z.infer<typeof studentListItemSchema>[]
    >();
    expectTypeOf<Reply<typeof getStepUpMethod>>().toEqualTypeOf<z.infer<typeof stepUpMethodSchema>>();
    expectTypeOf<Reply<typeof sendHeldPhoneCode>>().toEqualTypeOf<z.infer<typeof verifyIdSchema>>();
    expectTypeOf<Reply<typeof sendPhoneCode>>().toEqualTypeOf<z.infer<typeof verifyIdSchema>>();
    expect(bindInfoSchema.parse(sampleBindInfo)).toEqual(sampleBindInfo);
  });

  it('requests send only fields the server schemas name', () => {
    expectTypeOf<keyof BindPayload>().toEqualTypeOf<keyof z.input<typeof bindFormSchema>>();
    expectTypeOf<Parameters<typeof bindUser>[0]>().toExtend<z.input<typeof bindFormSchema>>();
    expectTypeOf<Parameters<typeof registerUser>[0]>().toExtend<z.input<typeof bindFormSchema>>();
    expectTypeOf<Parameters<typeof sendPhoneCode>[0]>().toExtend<z.input<typeof smsSendQuery>>();
    expectTypeOf<Parameters<typeof updateRegisterPhone>[0]>().toExtend<z.input<typeof registerPhoneSchema>>();
    expectTypeOf<
      Pick<Parameters<typeof loginByPassword>[0], 'tenantId' | 'username' | 'password'>
    >().toExtend<z.input<typeof tokenQuerySchema>>();
    // A token reply the session keeps is the server's token JSON.
    expect(tokenReplySchema.parse(sampleToken)).toEqual(sampleToken);
  });
});

const sampleUserInfo: Reply<typeof getUserInfo> = {
  userId: '7',
  tenantId: '100001',
  account: 'student1',
  realName: '张三',
  nickName: '张三',
  phone: '',
  email: '',
  avatar: '',
  userType: 'student',
  roleName: 'student',
  roles: [{ roleAlias: 'student', roleName: '学生' }],
  oauthId: '',
  bound: true,
  bindingStatus: 'active',
};

const sampleBindInfo: Reply<typeof getBindInfo> = {
  bound: false,
  bindingStatus: 'refused',
  refuseReason: '信息不符',
  userType: null,
  code: null,
  realName: null,
  idCardMasked: null,
  phone: null,
  email: null,
  studentNo: null,
  startYear: null,
  major: null,
  className: null,
  department: null,
  financePhone: null,
  financeEmail: null,
  bankCardMasked: null,
  bankName: null,
  bankProvince: null,
  bankCity: null,
};

const sampleToken: Reply<typeof bindUser> = {
  access_token: 'a',
  refresh_token: 'r',
  token_type: 'bearer',
  expires_in: 3600,
  tenant_id: '100001',
  user_id: '7',
  oauth_id: '',
  account: 'student1',
  user_name: '张三',
  nick_name: '张三',
  role_name: 'student',
  avatar: '',
  user_type: 'student',
  license: 'powered by blade',
  jti: 'j',
};
