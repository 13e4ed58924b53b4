import { describe, expect, it } from 'vitest';
import { maskBankCard, maskEmail, maskIdCard, maskPhone, maskTail } from './mask';

describe('masks', () => {
  it('ID cards keep the region and the last four', () => {
    expect(maskIdCard('110101200401011234')).toBe('110***********1234');
    expect(maskIdCard('110101040101123')).toBe('110********1123');
    expect(maskIdCard('E12345678')).toBe('E******78');
    expect(maskIdCard('AB1')).toBe('***');
    expect(maskIdCard(null)).toBeNull();
  });
  it('bank cards show only the last four digits', () => {
    expect(maskTail('6222020200112233446')).toBe('***************3446');
    expect(maskBankCard('6222020200112233446')).toBe('**** **** **** 3446');
    expect(maskBankCard('***************3446')).toBe('**** **** **** 3446');
    expect(maskBankCard('')).toBeNull();
  });
  it('phones keep the first three and last four', () => {
    expect(maskPhone('13800000011')).toBe('138****0011');
    expect(maskPhone('1380')).toBe('****');
    expect(maskPhone(undefined)).toBeNull();
  });
  it('e-mails keep the first letter, the last one before @ and the domain', () => {
    expect(maskEmail('zhang.san@example.edu.cn')).toBe('z***n@example.edu.cn');
    expect(maskEmail('ab@x.cn')).toBe('a***@x.cn');
    expect(maskEmail('nobody')).toBe('****dy');
    expect(maskEmail(null)).toBeNull();
  });
  it('no mask shows the whole secret part', () => {
    const card = '6222020200112233446';
    expect(maskBankCard(card)).not.toContain(card.slice(0, 12));
    expect(maskIdCard('110101200401011234')).not.toContain('20040101');
  });
});
