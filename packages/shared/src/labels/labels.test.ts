/**
 * Every code a person sees has words in both languages: each table is checked against the code list
 * it names (the wire's enums and the shared constants), so a new code without a label fails here.
 */
import { describe, expect, it } from 'vitest';
import {
  BILL_KINDS,
  BILL_STATUSES,
  OFFLINE_PAY_METHODS,
  ORDER_TYPES,
  PAY_STATUSES,
  REFUND_STATES,
} from '../fees';
import { IMPORT_KINDS } from '../import-kinds';
import { payStatusEnum } from '../wire/order';
import { PAY_CHANNEL_NAMES } from '../wire/pay';
import {
  ADMIN_ROUTE_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  describeAudit,
} from './audit';
import { labelEntries, labelOf, type Label } from './label';
import { MOBILE_MODULES, MODULE_LABELS } from './modules';
import {
  BILL_KIND_LABELS,
  BILL_STATUS_LABELS,
  ORDER_TYPE_LABELS,
  PAY_METHOD_LABELS,
  PAY_STATUS_LABELS,
  REFUND_STATE_LABELS,
  TRADE_STATES,
  TRADE_STATE_LABELS,
} from './pay';
import { IMPORT_KIND_LABELS, PERSON_TYPE_LABELS, PERSON_TYPES } from './people';

const han = /[\u3400-\u9fff]/;

/** zh has Chinese words, en has none, neither is the code itself or blank. */
function expectLabelled(table: Readonly<Record<string, Label>>, codes: readonly (string | number)[]) {
  for (const code of codes) {
    const label = table[String(code)];
    expect(label, `no label for "${code}"`).toBeDefined();
    expect(label!.zh, `zh of "${code}"`).toMatch(han);
    expect(label!.en.trim(), `en of "${code}"`).not.toBe('');
    expect(label!.en, `en of "${code}" has Chinese`).not.toMatch(han);
    expect(label!.en, `en of "${code}" is the code`).not.toBe(String(code));
  }
  // No label for a code that no longer exists.
  expect(Object.keys(table).sort()).toEqual(codes.map(String).sort());
}

describe('label tables', () => {
  it('name every pay channel and other-means method', () =>
    expectLabelled(PAY_METHOD_LABELS, [...PAY_CHANNEL_NAMES, ...OFFLINE_PAY_METHODS]));
  it('name every order state of the wire', () => expectLabelled(PAY_STATUS_LABELS, payStatusEnum.options));
  it('name every order state of the shared rules', () => expectLabelled(PAY_STATUS_LABELS, PAY_STATUSES));
  it('name every order type', () => expectLabelled(ORDER_TYPE_LABELS, ORDER_TYPES));
  it('name every bill state and kind', () => {
    expectLabelled(BILL_STATUS_LABELS, BILL_STATUSES);
    expectLabelled(BILL_KIND_LABELS, BILL_KINDS);
  });
  it('name every refund state', () => expectLabelled(REFUND_STATE_LABELS, REFUND_STATES));
  it('name every channel trade state', () => expectLabelled(TRADE_STATE_LABELS, TRADE_STATES));
  it('name every mobile module', () => expectLabelled(MODULE_LABELS, MOBILE_MODULES));
  it('name every user type and import kind', () => {
    expectLabelled(PERSON_TYPE_LABELS, PERSON_TYPES);
    expectLabelled(IMPORT_KIND_LABELS, IMPORT_KINDS);
  });
  it('name every audit action the services write', () => expectLabelled(AUDIT_ACTION_LABELS, AUDIT_ACTIONS));
  it('name the guard’s route actions in both languages', () =>
    expectLabelled(ADMIN_ROUTE_ACTION_LABELS, Object.keys(ADMIN_ROUTE_ACTION_LABELS)));
});

describe('labelOf', () => {
  it('gives the words of a known code and a code it does not know as written', () => {
    expect(labelOf(PAY_METHOD_LABELS, 'alipay', 'zh')).toBe('支付宝');
    expect(labelOf(PAY_METHOD_LABELS, 'alipay', 'en')).toBe('Alipay');
    expect(labelOf(PAY_METHOD_LABELS, 'bank_transfer', 'zh')).toBe('银行转账');
    expect(labelOf(PAY_METHOD_LABELS, 'bank_transfer', 'en')).toBe('Bank transfer');
    expect(labelOf(PAY_METHOD_LABELS, '支付宝转账', 'en')).toBe('支付宝转账');
    expect(labelOf(PAY_METHOD_LABELS, 'toString', 'en')).toBe('toString');
    expect(labelOf(BILL_STATUS_LABELS, 2, 'zh')).toBe('已审核');
    expect(labelOf(PAY_METHOD_LABELS, null, 'zh')).toBe('');
  });
  it('makes dictionary entries of a table', () =>
    expect(labelEntries('payStatus.', PAY_STATUS_LABELS, 'en')['payStatus.PAYING']).toBe('Processing'));
});

describe('describeAudit', () => {
  it('reads a bank card change as sentences, without codes or JSON', () => {
    const detail = {
      from: '****1234',
      to: '****5678',
      bankName: '中国工商银行',
      bankProvince: '广东省',
      bankCity: '广州市',
      proof: 'sms',
      proofPhone: '****8000',
    };
    const zh = describeAudit('user.changeBankAccount', detail, 'zh');
    expect(zh).toBe(
      '修改银行卡：原 ****1234；新 ****5678；开户行 中国工商银行；开户省份 广东省；开户城市 广州市；身份验证方式 短信验证码；验证手机 ****8000。',
    );
    const en = describeAudit('user.changeBankAccount', detail, 'en');
    expect(en).toMatch(/^Changed the bank card: from \*{4}1234; to \*{4}5678; bank 中国工商银行;/);
    expect(en).toContain('verified by SMS code');
    for (const text of [zh, en]) expect(text).not.toMatch(/[{}"]|changeBankAccount|proofPhone/);
  });

  it('reads the guard’s row of a refund and of an export with its filter', () => {
    expect(
      describeAudit(
        'admin POST /api/blade-finance/admin/order/:id/refund',
        { params: { id: '12' }, status: 200 },
        'zh',
      ),
    ).toBe('订单退款：编号 12。');
    expect(
      describeAudit(
        'admin GET /api/blade-finance/admin/order/export',
        { params: {}, query: { payStatus: 'PAID', channel: 'sandbox' }, status: 200, rows: 3 },
        'en',
      ),
    ).toBe('Exported orders: rows 3; filter (channel Sandbox payment (demo), order state Paid).');
  });

  it('writes money in yuan and codes of known kinds in words', () => {
    expect(
      describeAudit(
        'fee.offline',
        { billId: 7, amountFen: 100050, method: 'bank_transfer', evidenceIds: [] },
        'zh',
      ),
    ).toBe('登记其他方式缴费：缴费记录编号 7；金额 ¥1,000.50；支付方式 银行转账。');
    expect(
      describeAudit(
        'admin PUT /api/blade-finance/admin/settings/modules',
        { changed: ['mobileModules'], modules: ['fee', 'feeOther', 'order'] },
        'zh',
      ),
    ).toContain('模块 学生缴费（含历史缴费）、综合缴费、订单查询');
  });

  it('shows an action nobody named as written', () => {
    expect(auditActionLabel('something.new', 'zh')).toBe('something.new');
    expect(auditActionLabel('order.refund', 'en')).toBe('Refunded an order');
  });
});
