/**
 * A stand-in of the finance e-bill platform for demo mode and tests, speaking ./wire.ts exactly:
 * it checks the app id and the signature of every call, accepts issues and reversals asynchronously
 * and answers queries like the platform. Sometimes slow, sometimes failing, deterministically:
 * - a bill stays "processing" for 0–2 queries (from its business number), and each answer may take
 *   `delayMs`;
 * - some issue calls are refused once as busy (E9999; the caller tries again later);
 * - a payer whose name contains 失败 or "fail" is refused by the "tax check": the bill fails.
 * Tests replace `plan` to script one bill's course.
 */
import { createHash } from 'node:crypto';
import {
  EBILL_METHODS,
  EBILL_OK,
  decodeData,
  ebillTime,
  signatureMatches,
  signedAnswer,
  type EBillAnswerBody,
  type WireBill,
  type WireIssue,
} from './wire';

export const DEV_EBILL_PREFIX = '/api/dev/ebill';

export interface StandinPlan {
  /** Queries answered "processing" before the outcome. */
  polls: number;
  /** The issue call is refused as busy this many times first. */
  busy: number;
  /** The bill fails with this reason. */
  fail?: string;
}

interface Bill {
  busNo: string;
  payer: string;
  pollsLeft: number;
  fail?: string;
  billBatchCode: string;
  billNo: string;
  random: string;
  createTime: string;
}

export interface EBillStandin {
  appId: string;
  appKey: string;
  /** Milliseconds each answer waits (demo mode: a slow platform). */
  delayMs: number;
  plan(issue: WireIssue | { busNo: string; payer: string }): StandinPlan;
  handle(method: string, body: unknown): Promise<{ status: number; body: EBillAnswerBody | { msg: string } }>;
  /** Issue calls seen per business number (tests). */
  issueCalls(busNo: string): number;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);

export function defaultPlan(issue: { busNo: string; payer: string }): StandinPlan {
  const hash = hashOf(issue.busNo);
  return {
    polls: hash % 3,
    busy: hash % 7 === 3 ? 1 : 0,
    fail: /失败|fail/i.test(issue.payer) ? '购买方信息未通过税务校验（演示）' : undefined,
  };
}

export function createEBillStandin(options: {
  appId: string;
  appKey: string;
  delayMs?: number;
}): EBillStandin {
  const bills = new Map<string, Bill>();
  const busyLeft = new Map<string, number>();
  const calls = new Map<string, number>();
  let serial = 0;

  const standin: EBillStandin = {
    appId: options.appId,
    appKey: options.appKey,
    delayMs: options.delayMs ?? 0,
    plan: defaultPlan,
    issueCalls: (busNo) => calls.get(busNo) ?? 0,

    async handle(method, raw) {
      if (standin.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, standin.delayMs));
      const answer = (result: string, message: unknown) => ({
        status: 200,
        body: signedAnswer(standin.appKey, result, message),
      });
      const body = (raw ?? {}) as Record<string, unknown>;
      const params = Object.fromEntries(
        ['appid', 'data', 'noise', 'version', 'sign'].map((name) => [name, String(body[name] ?? '')]),
      );
      if (params.appid !== standin.appId) return answer('E0001', { msg: '应用账号不存在' });
      if (!signatureMatches(params, standin.appKey)) return answer('E0002', { msg: '签名校验失败' });
      let data: Record<string, unknown>;
      try {
        data = decodeData(params.data!) as Record<string, unknown>;
      } catch {
        return answer('E0003', { msg: '业务参数不是有效的 JSON' });
      }
      const busNo = typeof data.busNo === 'string' ? data.busNo : '';
      if (!busNo) return answer('E0003', { msg: '缺少业务流水号' });

      if (method === EBILL_METHODS.issue || method === EBILL_METHODS.reverse) {
        calls.set(busNo, (calls.get(busNo) ?? 0) + 1);
        if (bills.has(busNo)) return answer(EBILL_OK, { busNo, status: 'ACCEPTED' });
        const payer = typeof data.payer === 'string' ? data.payer : '';
        const plan = standin.plan(
          method === EBILL_METHODS.issue ? (data as unknown as WireIssue) : { busNo, payer },
        );
        const busy = busyLeft.has(busNo) ? busyLeft.get(busNo)! : plan.busy;
        if (busy > 0) {
          busyLeft.set(busNo, busy - 1);
          return answer('E9999', { msg: '系统繁忙，请稍后重试' });
        }
        serial += 1;
        bills.set(busNo, {
          busNo,
          payer,
          pollsLeft: plan.polls,
          fail: method === EBILL_METHODS.issue ? plan.fail : undefined,
          billBatchCode: method === EBILL_METHODS.issue ? '35010124' : '35010125',
          billNo: String(1_000_000 + (hashOf(busNo) % 8_000_000) + serial).padStart(10, '0'),
          random: createHash('md5').update(`check:${busNo}`).digest('hex').slice(0, 6),
          createTime: ebillTime(new Date()),
        });
        return answer(EBILL_OK, { busNo, status: 'ACCEPTED' });
      }

      if (method === EBILL_METHODS.query) {
        const bill = bills.get(busNo);
        if (!bill) return answer('E0404', { msg: '未找到该业务流水号的票据' });
        if (bill.pollsLeft > 0) {
          bill.pollsLeft -= 1;
          return answer(EBILL_OK, { busNo, state: '0' } satisfies WireBill);
        }
        if (bill.fail) return answer(EBILL_OK, { busNo, state: '2', failMsg: bill.fail } satisfies WireBill);
        return answer(EBILL_OK, {
          busNo,
          state: '1',
          billBatchCode: bill.billBatchCode,
          billNo: bill.billNo,
          random: bill.random,
          createTime: bill.createTime,
        } satisfies WireBill);
      }
      return { status: 404, body: { msg: `no method ${method}` } };
    },
  };
  return standin;
}
