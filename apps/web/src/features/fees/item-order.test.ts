import { describe, expect, it } from 'vitest';
import type { FeeItem, FormField } from './api/fee-types';
import { checkItemOrder } from './item-order';

const field = (key: string, required: boolean, type: FormField['type'] = 'text'): FormField => ({
  key,
  label: key,
  labelEn: key,
  required,
  type,
});
const item = (over: Partial<FeeItem>): FeeItem => ({
  id: 1,
  kind: 'manual',
  name: '宿舍钥匙押金',
  nameEn: 'Dormitory key deposit',
  description: '',
  descriptionEn: '',
  priceFen: 5000,
  maxQuantity: 1,
  minFen: 0,
  maxFen: 0,
  schoolYear: '',
  formFields: [],
  signatureTiming: null,
  ...over,
});
const labelOf = (f: FormField) => `[${f.label}]`;
const input = { quantity: 1, amountText: '', values: {} };

describe('catalogue item order form (spec §5)', () => {
  const deposit = item({ formFields: [field('room', true), field('phone', false, 'phone')] });

  it('needs every field marked *', () => {
    expect(checkItemOrder(deposit, input, labelOf)).toEqual({ ok: false, problem: 'fee.formFieldsRequired' });
    expect(checkItemOrder(deposit, { ...input, values: { room: '   ' } }, labelOf)).toEqual({
      ok: false,
      problem: 'fee.formFieldsRequired',
    });
  });

  it('checks the format of what is filled, naming the field', () => {
    const check = checkItemOrder(deposit, { ...input, values: { room: '3-201', phone: '123' } }, labelOf);
    expect(check).toEqual({ ok: false, problem: 'fee.fieldInvalid', params: { field: '[phone]' } });
  });

  it('sends the filled fields only, trimmed, with price × quantity', () => {
    const textbooks = item({ priceFen: 8500, maxQuantity: 5, formFields: [field('className', false)] });
    expect(checkItemOrder(textbooks, { ...input, quantity: 3, values: { className: ' ' } }, labelOf)).toEqual(
      {
        ok: true,
        totalFen: 25_500,
        quantity: 3,
        formData: {},
      },
    );
    expect(checkItemOrder(deposit, { ...input, values: { room: ' 3-201 ' } }, labelOf)).toMatchObject({
      ok: true,
      totalFen: 5000,
      formData: { room: '3-201' },
    });
  });

  it('keeps the quantity within 1..maxQuantity', () => {
    const textbooks = item({ maxQuantity: 5 });
    expect(checkItemOrder(textbooks, { ...input, quantity: 6 }, labelOf)).toEqual({
      ok: false,
      problem: 'fee.quantityInvalid',
      params: { max: 5 },
    });
  });

  it('keeps a top-up within its limits', () => {
    const topup = item({ kind: 'topup', priceFen: 0, minFen: 1000, maxFen: 200_000 });
    expect(checkItemOrder(topup, { ...input, amountText: '5' }, labelOf)).toEqual({
      ok: false,
      problem: 'fee.topupOutOfRange',
      params: { min: '10.00', max: '2,000.00' },
    });
    expect(checkItemOrder(topup, { ...input, amountText: '2000.01' }, labelOf)).toMatchObject({ ok: false });
    expect(checkItemOrder(topup, { ...input, amountText: 'ten' }, labelOf)).toEqual({
      ok: false,
      problem: 'fee.amountInvalid',
    });
    expect(checkItemOrder(topup, { ...input, amountText: '50' }, labelOf)).toEqual({
      ok: true,
      totalFen: 5000,
      amountFen: 5000,
      formData: {},
    });
  });
});
