/**
 * The console's lists beside the salary upload: the months loaded (with counts and sums) and the
 * batches of other income, each within the caller's tenant and behind the finance role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestApp, type TestContext } from '@server-test/helpers';
import { signIn } from '@server-test/user-fixtures';

const HEADER = '工号,姓名,发放日期,应发合计,扣款合计,个税合计,实发合计';
const SLIPS = [HEADER, 'E1001,陈老师,2027-04-15,10000,800,200,9000', 'E1003,王老师,2027-04-16,5000,0,0,5000'];
const INCOME = [
  '工号,项目,发放部门,发放日期,金额,税额,实发',
  'E1001,监考费,教务处,2027-04-10,600,0,600',
  'E1003,监考费,教务处,2027-04-10,400,40,360',
  'E1003,讲座酬金,研究生院,2027-04-12,2000,240,1760',
];

describe('the console’s salary lists', () => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};

  const call = (method: 'GET' | 'POST', url: string, who: string, payload?: string) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        authorization: basicAuth(ctx.config),
        'accept-language': 'en',
        'blade-auth': `bearer ${tokens[who]}`,
        ...(payload === undefined ? {} : { 'content-type': 'text/csv' }),
      },
      ...(payload === undefined ? {} : { payload: Buffer.from(payload) }),
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    for (const [tenant, account] of [
      ['100001', 'finance1'],
      ['100002', 'finance2'],
      ['100001', 'student1'],
    ] as const)
      tokens[account] = (await signIn(ctx, tenant, account)).access_token;
  });
  afterAll(() => ctx.close());

  it('lists the months loaded, newest first, with counts, sums and when they were loaded', async () => {
    const stored = await call(
      'POST',
      '/api/blade-finance/admin/salary/import?period=2027-04',
      'finance1',
      SLIPS.join('\n'),
    );
    expect(stored.json().data, stored.body).toMatchObject({ stored: true, rows: 2 });

    const res = await call('GET', '/api/blade-finance/admin/salary/months', 'finance1');
    expect(res.statusCode).toBe(200);
    const months = res.json().data as { period: string; loadedAt: string }[];
    expect(months[0]).toEqual({
      period: '2027-04',
      slips: 2,
      grossFen: 1_500_000,
      netFen: 1_400_000,
      payDate: '2027-04-16',
      loadedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const periods = months.map((m) => m.period);
    expect(periods).toEqual([...periods].sort().reverse());

    // Another tenant's office does not see this month; a student is refused.
    const other = await call('GET', '/api/blade-finance/admin/salary/months', 'finance2');
    expect(other.statusCode).toBe(200);
    expect(other.json().data.map((m: { period: string }) => m.period)).not.toContain('2027-04');
    const student = await call('GET', '/api/blade-finance/admin/salary/months', 'student1');
    expect(student.statusCode).toBe(403);
  });

  it('lists other income grouped by project, department and date, paged', async () => {
    const stored = await call(
      'POST',
      '/api/blade-finance/admin/salary/other-income/import',
      'finance1',
      INCOME.join('\n'),
    );
    expect(stored.json().data, stored.body).toMatchObject({ stored: true, rows: 3 });

    const res = await call(
      'GET',
      '/api/blade-finance/admin/salary/other-income/batches?size=100',
      'finance1',
    );
    expect(res.statusCode).toBe(200);
    const { records, total } = res.json().data;
    expect(total).toBe(records.length);
    expect(records).toContainEqual({
      project: '监考费',
      department: '教务处',
      paidOn: '2027-04-10',
      records: 2,
      amountFen: 100_000,
      taxFen: 4_000,
      netFen: 96_000,
      loadedAt: expect.any(String),
    });
    expect(records).toContainEqual(
      expect.objectContaining({ project: '讲座酬金', records: 1, netFen: 176_000 }),
    );

    const firstPage = await call(
      'GET',
      '/api/blade-finance/admin/salary/other-income/batches?size=1',
      'finance1',
    );
    expect(firstPage.json().data).toMatchObject({ total, size: 1 });
    expect(firstPage.json().data.records).toHaveLength(1);

    const other = await call('GET', '/api/blade-finance/admin/salary/other-income/batches', 'finance2');
    expect(other.json().data.records.filter((r: { paidOn: string }) => r.paidOn.startsWith('2031'))).toEqual(
      [],
    );
  });
});
