import { describe, expect, it } from 'vitest';
import { parseFen, parseYuan } from './money';
import {
  bindFieldsShown,
  bindSettingsFromParams,
  calendarDateIn,
  isCalendarDate,
  MAX_ID,
  parseWholeNumber,
  SCHOOL_TIME_ZONE,
  isEmail,
  isLoosePhone,
  idCardCheckOk,
  isMainlandIdCard,
  isPhone,
  validateBindForm,
  type BindForm,
  type BindSettings,
} from './validation';

describe('phone, e-mail and ID rules', () => {
  it('accepts 11 digits starting 1 with a second digit 3 to 9', () => {
    for (const phone of ['13000000000', '13912345678', '15800000000', '19999999999'])
      expect(isPhone(phone)).toBe(true);
    for (const phone of [
      '',
      '12912345678',
      '10912345678',
      '1391234567',
      '139123456789',
      '2391234567a',
      ' 13912345678',
    ])
      expect(isPhone(phone)).toBe(false);
  });

  it('has a looser helper: 1 followed by any 10 digits', () => {
    expect(isLoosePhone('12000000000')).toBe(true);
    expect(isLoosePhone('10000000000')).toBe(true);
    expect(isLoosePhone('20000000000')).toBe(false);
    expect(isLoosePhone('1000000000')).toBe(false);
    expect(isLoosePhone('1000000000a')).toBe(false);
  });

  it('checks the shape of an e-mail address', () => {
    expect(isEmail('zhang.san@example.edu.cn')).toBe(true);
    for (const email of ['', 'zhangsan', 'zhang@san', '@example.com', 'zhang san@example.com', 'a@b.'])
      expect(isEmail(email)).toBe(false);
  });

  it('wants a mainland ID number of 15 or 18 characters', () => {
    expect(isMainlandIdCard('110101800101123')).toBe(true);
    expect(isMainlandIdCard('11010120030404123X')).toBe(true);
    for (const length of [0, 14, 16, 17, 19]) expect(isMainlandIdCard('1'.repeat(length))).toBe(false);
  });

  it('checks the check character of an 18-character ID number (GB 11643)', () => {
    expect(idCardCheckOk('11010519491231002X')).toBe(true);
    // What 1.10101200607015E+17 (a number cell) reads as fits its check character: the number
    // cell itself is what an import refuses.
    expect(idCardCheckOk('110101200607015000')).toBe(true);
    expect(idCardCheckOk('110101200607015001')).toBe(false);
    expect(idCardCheckOk('110105194912310021')).toBe(false);
    expect(idCardCheckOk('110101800101123')).toBe(true);
    for (const bad of ['11010519491231002x', '1101051949123100XX', 'ABCDEFGHIJKLMNO'])
      expect(idCardCheckOk(bad)).toBe(false);
  });
});

describe('bind settings from the tenant params', () => {
  it('keeps the permitted user types in order, the first being the default', () => {
    expect(bindSettingsFromParams({ bind_userTypes: 'other, student' }).userTypes).toEqual([
      'other',
      'student',
    ]);
    expect(bindSettingsFromParams({ bind_userTypes: 'employee,robot' }).userTypes[0]).toBe('employee');
  });

  it('offers every type when the param is unset, and students when it names none we know', () => {
    expect(bindSettingsFromParams({}).userTypes).toEqual(['student', 'employee', 'other']);
    expect(bindSettingsFromParams({ bind_userTypes: 'robot' }).userTypes).toEqual(['student']);
  });

  it('reads every bind param', () => {
    expect(
      bindSettingsFromParams({
        bind_studentNo: '0',
        bind_studentNoAlias: '学籍号',
        bind_employeeField: '2',
        bind_employeeRule: '1',
        bind_registerEmail: '2',
        bind_registerPhone: '1',
      }),
    ).toEqual({
      userTypes: ['student', 'employee', 'other'],
      studentNo: '0',
      studentNoAlias: '学籍号',
      employeeField: '2',
      employeeRule: '1',
      registerEmail: '2',
      registerPhone: '1',
    });
  });
});

describe('validateBindForm (spec §5)', () => {
  const settings = (params: Record<string, string> = {}): BindSettings => bindSettingsFromParams(params);
  const student: BindForm = {
    userType: 'student',
    code: 'S2024001',
    idCard: '110101200401011234',
    realName: '张三',
  };
  const employee: BindForm = {
    userType: 'employee',
    code: 'E1001',
    idCard: '110101198001011111',
    realName: '陈老师',
  };
  const other: BindForm = { userType: 'other', idType: 1, idCard: '110101199001013333', realName: '周七' };

  it('accepts a complete form', () => {
    expect(validateBindForm(student, settings())).toBeNull();
    expect(validateBindForm(employee, settings())).toBeNull();
    expect(validateBindForm(other, settings())).toBeNull();
  });

  it('refuses a user type the tenant does not permit', () => {
    expect(validateBindForm(employee, settings({ bind_userTypes: 'student,other' }))).toEqual({
      field: 'userType',
      message: 'validate.userTypeNotAllowed',
    });
    expect(validateBindForm({ ...student, userType: 'robot' }, settings())?.message).toBe(
      'validate.userTypeNotAllowed',
    );
  });

  it('asks for the student number under its alias, unless the tenant hides it', () => {
    expect(validateBindForm({ ...student, code: ' ' }, settings())).toEqual({
      field: 'code',
      message: 'validate.codeRequired',
      params: { label: 'studentNo' },
    });
    expect(
      validateBindForm({ ...student, code: '' }, settings({ bind_studentNoAlias: '学籍号' }))?.params,
    ).toEqual({
      label: '学籍号',
    });
    expect(validateBindForm({ ...student, code: '' }, settings({ bind_studentNo: '0' }))).toBeNull();
  });

  it('asks for the ID number unless the tenant hides it', () => {
    expect(validateBindForm({ ...student, idCard: '' }, settings())).toEqual({
      field: 'idCard',
      message: 'validate.idCardEmpty',
    });
    expect(validateBindForm({ ...student, idCard: '' }, settings({ bind_studentNo: '2' }))).toBeNull();
    expect(validateBindForm({ ...employee, idCard: '' }, settings({ bind_employeeField: '2' }))).toBeNull();
    expect(validateBindForm({ ...employee, code: '' }, settings({ bind_employeeField: '0' }))).toBeNull();
    expect(validateBindForm({ ...employee, code: '' }, settings())?.params).toEqual({ label: 'employeeNo' });
  });

  it('asks for the name', () => {
    expect(validateBindForm({ ...other, realName: '  ' }, settings())).toEqual({
      field: 'realName',
      message: 'validate.realNameRequired',
    });
  });

  it('needs 15 or 18 characters for an outside person with a mainland ID (idType 1)', () => {
    expect(validateBindForm({ ...other, idCard: '1101011990' }, settings())).toEqual({
      field: 'idCard',
      message: 'validate.idCardInvalid',
    });
    expect(validateBindForm({ ...other, idType: '1', idCard: '110101900101333' }, settings())).toBeNull();
    expect(validateBindForm({ ...other, idType: undefined, idCard: '12345' }, settings())?.message).toBe(
      'validate.idCardInvalid',
    );
    expect(validateBindForm({ ...other, idType: 2, idCard: 'E12345678' }, settings())).toBeNull();
    expect(validateBindForm({ ...other, idCard: '' }, settings())?.message).toBe('validate.idCardEmpty');
  });

  it('asks for the staff password only under employee rule 1', () => {
    const rule1 = settings({ bind_employeeRule: '1' });
    expect(validateBindForm(employee, rule1)).toEqual({
      field: 'password',
      message: 'validate.passwordRequired',
    });
    expect(validateBindForm({ ...employee, password: 'Staff@2024' }, rule1)).toBeNull();
    expect(validateBindForm(employee, settings({ bind_employeeRule: '0' }))).toBeNull();
    expect(validateBindForm(student, rule1)).toBeNull();
    expect(bindFieldsShown(rule1, 'employee').password).toBe(true);
    expect(bindFieldsShown(settings(), 'employee').password).toBe(false);
  });

  it('requires an e-mail in e-mail format when register e-mail is 2', () => {
    const required = settings({ bind_registerEmail: '2' });
    expect(validateBindForm(student, required)).toEqual({
      field: 'email',
      message: 'validate.emailRequired',
    });
    expect(validateBindForm({ ...student, email: 'zhangsan' }, required)).toEqual({
      field: 'email',
      message: 'validate.emailInvalid',
    });
    expect(validateBindForm({ ...student, email: 'zhangsan@example.edu' }, required)).toBeNull();
  });

  it('leaves the e-mail optional otherwise, checking only one that is given, and ignores it when hidden', () => {
    expect(validateBindForm(student, settings({ bind_registerEmail: '1' }))).toBeNull();
    expect(
      validateBindForm({ ...student, email: 'zhangsan' }, settings({ bind_registerEmail: '1' }))?.message,
    ).toBe('validate.emailInvalid');
    expect(
      validateBindForm({ ...student, email: 'zhangsan' }, settings({ bind_registerEmail: '0' })),
    ).toBeNull();
  });

  it('asks for a valid phone and, when submitting, its code when register phone is 1', () => {
    const phoneOn = settings({ bind_registerPhone: '1' });
    expect(validateBindForm(student, phoneOn)).toEqual({ field: 'phone', message: 'validate.phoneEmpty' });
    expect(validateBindForm({ ...student, phone: '12912345678' }, phoneOn)).toEqual({
      field: 'phone',
      message: 'validate.phoneInvalid',
    });
    const withPhone = { ...student, phone: '13912345678' };
    expect(validateBindForm(withPhone, phoneOn)).toEqual({
      field: 'verifyCode',
      message: 'validate.verifyCodeRequired',
    });
    // Sending the code (check-and-send-validate) comes before there is a code to give.
    expect(validateBindForm(withPhone, phoneOn, false)).toBeNull();
    expect(validateBindForm({ ...withPhone, verifyCode: '123456', verifyId: 'v' }, phoneOn)).toBeNull();
    expect(validateBindForm(student, settings({ bind_registerPhone: '0' }))).toBeNull();
  });
});

describe('wire numbers and dates (issue 9)', () => {
  it('reads whole numbers strictly: numbers or digit text, 0..max', () => {
    expect(parseWholeNumber(5, MAX_ID)).toBe(5);
    expect(parseWholeNumber('5', MAX_ID)).toBe(5);
    expect(parseWholeNumber('007', MAX_ID)).toBe(7);
    expect(parseWholeNumber(MAX_ID, MAX_ID)).toBe(2 ** 31 - 1);
    for (const value of [
      2 ** 31,
      '2147483648',
      -1,
      '-1',
      '+1',
      1.5,
      '1.5',
      '1e3',
      Infinity,
      Number.NaN,
      'NaN',
      '0x10',
      true,
      false,
      null,
      undefined,
      [5],
      {},
      '',
      ' 5',
      '5 ',
      '٣',
    ])
      expect(parseWholeNumber(value, MAX_ID), String(value)).toBeNull();
  });

  it('reads fen up to the exact integers, and yuan with at most two places', () => {
    expect(parseFen(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseFen('12345')).toBe(12345);
    expect(parseFen(2 ** 53)).toBeNull();
    expect(parseFen('99999999999999999')).toBeNull();
    expect(parseFen(true)).toBeNull();
    expect(parseYuan('12.50')).toBe(1250);
    for (const text of ['12.505', '-1', '1e3', '0x10', 'NaN', '', '.5'])
      expect(parseYuan(text), text).toBeNull();
  });

  it('takes only real calendar dates written YYYY-MM-DD', () => {
    for (const text of ['2024-02-29', '2025-12-31', '2000-01-01'])
      expect(isCalendarDate(text), text).toBe(true);
    for (const text of [
      '0',
      '2024-02-30',
      '2023-02-29',
      '2025-13-01',
      '2025-04-31',
      '2025-1-1',
      '20250101',
      '2025-01-01T00:00:00Z',
      ' 2025-01-01',
    ])
      expect(isCalendarDate(text), text).toBe(false);
  });

  it('knows today in the school’s time zone', () => {
    expect(SCHOOL_TIME_ZONE).toBe('Asia/Shanghai');
    expect(calendarDateIn(new Date('2025-03-01T15:59:59Z'))).toBe('2025-03-01');
    expect(calendarDateIn(new Date('2025-03-01T16:00:00Z'))).toBe('2025-03-02');
    expect(calendarDateIn(new Date('2025-03-01T16:00:00Z'), 'UTC')).toBe('2025-03-01');
  });
});
