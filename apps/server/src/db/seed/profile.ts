/**
 * Demo banks for /user/bank: each demo tenant's `bank` dictionary (dictValue the name the finance
 * office keeps, remark the English name the app shows in English). modules/user/bank-rules.ts
 * accepts only these names for a tenant that keeps the list.
 */
import type { Db } from '../client';
import { dicts } from '../schema';

const BANKS: readonly [key: string, zh: string, en: string][] = [
  ['ICBC', '中国工商银行', 'Industrial and Commercial Bank of China'],
  ['ABC', '中国农业银行', 'Agricultural Bank of China'],
  ['BOC', '中国银行', 'Bank of China'],
  ['CCB', '中国建设银行', 'China Construction Bank'],
  ['BOCOM', '交通银行', 'Bank of Communications'],
  ['PSBC', '中国邮政储蓄银行', 'Postal Savings Bank of China'],
  ['CMB', '招商银行', 'China Merchants Bank'],
  ['CIB', '兴业银行', 'Industrial Bank'],
];

export async function seedProfileDemo(db: Db): Promise<void> {
  for (const tenantId of ['100001', '100002'])
    await db.insert(dicts).values(
      BANKS.map(([dictKey, dictValue, remark], i) => ({
        tenantId,
        code: 'bank',
        dictKey,
        dictValue,
        remark,
        sort: i + 1,
      })),
    );
}
