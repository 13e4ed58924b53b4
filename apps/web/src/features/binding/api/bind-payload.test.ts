import { bindSettingsFromParams } from '@cf/shared/validation';
import { describe, expect, it, vi } from 'vitest';
import { bindPayload } from './bind-payload';

describe('bind payload', () => {
  it('sends only the fields the tenant shows, trimmed', () => {
    const settings = bindSettingsFromParams({ bind_registerPhone: '0', bind_registerEmail: '0' });
    const payload = bindPayload(
      {
        userType: 'student',
        code: ' S1 ',
        idCard: '110101200401011234',
        realName: ' 张三 ',
        phone: '13800000000',
        email: 'a@b.cn',
        password: 'x',
        verifyCode: '123456',
      },
      settings,
      '100001',
    );
    expect(payload).toEqual({
      tenantId: '100001',
      userType: 'student',
      code: 'S1',
      idCard: '110101200401011234',
      realName: '张三',
    });
  });

  it('keeps the phone, the code and its verify id when phone verification is on', () => {
    const settings = bindSettingsFromParams({ bind_registerPhone: '1', bind_employeeRule: '1' });
    const payload = bindPayload(
      {
        userType: 'employee',
        code: 'E1',
        idCard: 'X',
        realName: 'A',
        password: 'p',
        phone: '139',
        verifyCode: '1',
        verifyId: 'v',
      },
      settings,
      '100001',
    );
    expect(payload).toMatchObject({ password: 'p', phone: '139', verifyCode: '1', verifyId: 'v' });
  });
});

describe('staff password on the wire', () => {
  it('is encrypted like the sign-in password, and only when there is one', async () => {
    const { withWirePassword } = await import('./bind-payload');
    const { aesDecrypt, md5Hex } = await import('@cf/shared/wire-crypto');
    const key = 'TestWireKey_0123456789abcdefghij';
    vi.doMock('@/api/get-client-config', () => ({
      loadClientConfig: async () => ({ clientId: 'saber', wireAesKey: key, mode: 'demo', version: '1.3.14' }),
    }));
    const plain = { tenantId: '100001', userType: 'employee', realName: '刘老师' };
    expect(await withWirePassword(plain)).toBe(plain);
    const sent = await withWirePassword({ ...plain, password: 'Staff@2024' });
    expect(sent.password).not.toBe('Staff@2024');
    expect(aesDecrypt(sent.password!, key)).toBe(md5Hex('Staff@2024'));
    vi.doUnmock('@/api/get-client-config');
  });
});
