/**
 * The e-bill adapter against the stand-in, wire to wire: requests signed with the app key, answers
 * checked before they are believed, asynchronous issue then query, a reversal the same way.
 */
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../types';
import { InvoiceGatewayError, type EBillIssueRequest } from '../invoice';
import { ebillPlatform } from './ebill-platform';
import { createEBillStandin } from './standin';
import { ebillSign, signedAnswer } from './wire';

const standin = createEBillStandin({ appId: 'app-1', appKey: 'key-1' });
const viaStandin: FetchLike = async (url, init) => {
  const answer = await standin.handle(url.split('/').pop()!, JSON.parse(init!.body!));
  return { status: answer.status, text: async () => JSON.stringify(answer.body) };
};
const platform = (appKey = 'key-1', fetchFn = viaStandin) =>
  ebillPlatform(fetchFn, { baseUrl: 'http://ebill.test/api', appId: 'app-1', appKey });

const issue = (busNo: string, payerName = '演示科技有限公司'): EBillIssueRequest => ({
  busNo,
  payerType: 'company',
  invoiceType: 'general',
  payerName,
  taxId: '91350100M000100Y43',
  address: '',
  phone: '',
  bank: '',
  bankAccount: '',
  amountFen: 10_000,
  items: [{ name: '学费', quantity: 1, unitFen: 10_000, amountFen: 10_000 }],
  remark: 'order 1',
  issuedOn: new Date('2026-03-01T02:00:00Z'),
});

describe('finance e-bill adapter', () => {
  it('signs MD5 over the sorted parameters with the key appended, upper case', () => {
    // upper(md5("a=1&b=2&key=k")); the sign itself and empty values are left out.
    expect(ebillSign({ b: '2', a: '1', c: '', sign: 'ignored' }, 'k')).toBe(
      'F8F06AFA2E241A36469B9DAC959B3474',
    );
  });

  it('issues asynchronously: processing, then the bill code, number and check code', async () => {
    standin.plan = () => ({ polls: 1, busy: 0 });
    await platform().issue(issue('EB1-1'));
    expect(await platform().query('EB1-1')).toEqual({ state: 'processing' });
    const bill = await platform().query('EB1-1');
    expect(bill).toMatchObject({ state: 'issued', billCode: '35010124' });
    if (bill.state !== 'issued') throw new Error('not issued');
    expect(bill.checkCode).toMatch(/^[0-9a-f]{6}$/);
    // A repeat of the same business number is the same bill.
    await platform().issue(issue('EB1-1'));
    expect(await platform().query('EB1-1')).toEqual(bill);
  });

  it('answers a refusal as failed, an unknown business number as unknown, busy as an error to retry', async () => {
    standin.plan = () => ({ polls: 0, busy: 1, fail: '税号不符' });
    const busy = await platform()
      .issue(issue('EB2-1'))
      .catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(InvoiceGatewayError);
    expect(busy).toMatchObject({ code: 'E9999' });
    await platform().issue(issue('EB2-1'));
    expect(await platform().query('EB2-1')).toEqual({ state: 'failed', reason: '税号不符' });
    expect(await platform().query('EB-NEVER')).toEqual({ state: 'unknown' });
  });

  it('reverses an issued bill with a red-letter bill of its own number', async () => {
    standin.plan = () => ({ polls: 0, busy: 0 });
    await platform().issue(issue('EB3-1'));
    const bill = await platform().query('EB3-1');
    if (bill.state !== 'issued') throw new Error('not issued');
    await platform().reverse({
      busNo: 'EB3-R',
      billCode: bill.billCode,
      billNo: bill.billNo,
      reason: '退款冲红',
    });
    const red = await platform().query('EB3-R');
    expect(red).toMatchObject({ state: 'issued', billCode: '35010125' });
  });

  it('is refused with another app key, and refuses an answer not signed with ours', async () => {
    const refused = await platform('wrong-key')
      .issue(issue('EB4-1'))
      .catch((e: unknown) => e);
    // The stand-in refuses the request; its answer is signed with the real key, so we do not believe it either.
    expect(refused).toMatchObject({ code: 'BAD_SIGNATURE' });
    const forged: FetchLike = async () => ({
      status: 200,
      text: async () => JSON.stringify(signedAnswer('someone-else', 'S0000', { busNo: 'EB4-1', state: '1' })),
    });
    expect(
      await platform('key-1', forged)
        .query('EB4-1')
        .catch((e: unknown) => e),
    ).toMatchObject({
      code: 'BAD_SIGNATURE',
    });
    const down: FetchLike = async () => {
      throw new Error('ECONNREFUSED');
    };
    expect(
      await platform('key-1', down)
        .query('EB4-1')
        .catch((e: unknown) => e),
    ).toMatchObject({ code: 'UNREACHABLE' });
  });

  it('the stand-in refuses an unsigned or wrongly signed request', async () => {
    const answer = await standin.handle('getEBillByBusNo', {
      appid: 'app-1',
      data: 'e30=',
      noise: 'n',
      version: '1.0',
      sign: 'X',
    });
    expect(answer.body).toMatchObject({ result: 'E0002' });
  });
});
