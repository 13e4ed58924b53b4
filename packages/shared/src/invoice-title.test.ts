import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isCreditCode } from './credit-code';
import { checkInvoiceInfo, normalizeInvoiceInfo, type InvoiceInfo } from './invoice-title';

describe('unified social credit code (GB 32100-2015)', () => {
  it.each(['91350100M000100Y43', '91110000600037341L', '91310000MA1FL1MMXL', '91440300708461136T'])(
    'accepts %s',
    (code) => expect(isCreditCode(code)).toBe(true),
  );

  it.each([
    ['a wrong check character', '91350100M000100Y44'],
    ['two characters swapped', '91350100M000010Y43'],
    ['17 characters', '91350100M000100Y4'],
    ['19 characters', '91350100M000100Y433'],
    ['a letter the standard leaves out (I)', '91350100MI00100Y43'],
    ['a letter in the region code', '913501A0M000100Y43'],
    ['lower case (not normalised)', '91310000ma1fl1mmxl'],
    ['an old 15-digit tax number', '110108700000013'],
  ])('refuses %s', (_what, code) => expect(isCreditCode(code)).toBe(false));

  it('computes the check character 0 when the sum is a multiple of 31', () => {
    // Every value 0: the sum is 0, so the check value 31 − 0 wraps to 0.
    expect(creditCodeCheckChar('00000000000000000')).toBe('0');
  });
});

const blank: InvoiceInfo = {
  taxpayerType: 'company',
  invoiceType: 'general',
  name: '',
  taxId: '',
  address: '',
  phone: '',
  bank: '',
  bankAccount: '',
};

describe('invoice info rules', () => {
  it('a person needs a name only', () => {
    expect(checkInvoiceInfo({ ...blank, taxpayerType: 'person' })).toEqual({
      name: 'invoice.personNameRequired',
    });
    expect(checkInvoiceInfo({ ...blank, taxpayerType: 'person', name: ' 张三 ', taxId: 'junk' })).toEqual({});
  });

  it('a person gets no special invoice', () => {
    expect(
      checkInvoiceInfo({ ...blank, taxpayerType: 'person', invoiceType: 'special', name: '张三' }),
    ).toEqual({
      invoiceType: 'invoice.specialNeedsCompany',
    });
  });

  it('a company needs its name and a verified credit code', () => {
    expect(checkInvoiceInfo(blank)).toEqual({
      name: 'invoice.companyNameRequired',
      taxId: 'invoice.taxIdRequired',
    });
    expect(checkInvoiceInfo({ ...blank, name: '演示科技有限公司', taxId: '91350100M000100Y44' })).toEqual({
      taxId: 'invoice.taxIdInvalid',
    });
    // Spaces and lower case are normalised before the check.
    expect(checkInvoiceInfo({ ...blank, name: '演示科技有限公司', taxId: '91310000 ma1fl1mmxl' })).toEqual(
      {},
    );
  });

  it('a special invoice needs every company field', () => {
    const company = {
      ...blank,
      invoiceType: 'special' as const,
      name: '演示科技有限公司',
      taxId: '91350100M000100Y43',
    };
    expect(checkInvoiceInfo(company)).toEqual({
      address: 'invoice.addressRequired',
      phone: 'invoice.phoneRequired',
      bank: 'invoice.bankRequired',
      bankAccount: 'invoice.bankAccountRequired',
    });
    expect(
      checkInvoiceInfo({
        ...company,
        address: '福州市鼓楼区 1 号',
        phone: '0591-87654321',
        bank: '中国银行福州分行',
        bankAccount: '6217 0000 1234 5678',
      }),
    ).toEqual({});
  });

  it('checks the form of optional company fields on a general invoice', () => {
    const company = { ...blank, name: '演示科技有限公司', taxId: '91350100M000100Y43' };
    expect(checkInvoiceInfo({ ...company, phone: 'call me', bankAccount: '12ab' })).toEqual({
      phone: 'invoice.phoneInvalid',
      bankAccount: 'invoice.bankAccountInvalid',
    });
  });

  it('a person keeps only the name when normalised', () => {
    expect(
      normalizeInvoiceInfo({ ...blank, taxpayerType: 'person', name: ' 李四 ', taxId: 'x', bank: 'y' }),
    ).toEqual({
      ...blank,
      taxpayerType: 'person',
      name: '李四',
    });
  });
});
