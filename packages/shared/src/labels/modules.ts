/**
 * The phone's modules a tenant switches on (spec §3 "Enabled mobile modules"): the codes the phone's
 * home and tabs know (apps/web/src/features/home/home-entries.ts) and their names in both languages.
 */
import type { LabelTable } from './label';

export const MOBILE_MODULES = [
  'fee',
  'feeOther',
  'recharge',
  'enroll',
  'order',
  'notice',
  'invoice',
  'signature',
  'salary',
] as const;
export type MobileModule = (typeof MOBILE_MODULES)[number];

export const MODULE_LABELS: LabelTable<MobileModule> = {
  fee: { zh: '学生缴费（含历史缴费）', en: 'Student payment (with history)' },
  feeOther: { zh: '综合缴费', en: 'Comprehensive payment' },
  recharge: { zh: '充值', en: 'Top-up' },
  enroll: { zh: '新生报到', en: 'Enrolment' },
  order: { zh: '订单查询', en: 'Orders' },
  notice: { zh: '通知公告', en: 'Notices' },
  invoice: { zh: '电子票据', en: 'E-receipts' },
  signature: { zh: '电子签名', en: 'E-signatures' },
  salary: { zh: '薪酬查询', en: 'Salary' },
};
