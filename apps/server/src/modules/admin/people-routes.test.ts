/**
 * The finance office's people: search by name, number, ID number and phone with ID and bank cards
 * masked, one person in full, edits audited, disabling an account ends its tokens at once, tenant walls.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, students, users } from '@server/db/schema';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { tokenFor } from '@server-test/issue-token';
import { consoleCall } from '@server-test/console-fixtures';

let ctx: TestContext;
let call: ReturnType<typeof consoleCall>;
let finance1: string;
const db = () => ctx.database.db;
const LIST = '/api/blade-finance/admin/person/list';

async function studentId(tenantId: string, no: string): Promise<number> {
  const [row] = await db()
    .select()
    .from(students)
    .where(and(eq(students.tenantId, tenantId), eq(students.studentNo, no)));
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  call = consoleCall(ctx);
  finance1 = await tokenFor(ctx, '100001', 'finance1');
  await db()
    .update(users)
    .set({ bankCard: '6222020200112233445', financePhone: '13900000001' })
    .where(eq(users.account, 'student1'));
});
afterAll(() => ctx?.close());

describe('GET /admin/person/list', () => {
  it('lists the tenant’s students, paged, with ID and bank cards masked and bound accounts', async () => {
    const res = await call(finance1, 'GET', `${LIST}?size=2`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 4, size: 2, current: 1, pages: 2 });
    const zhang = data.records.find(
      (p: { personNo: string }) => p.personNo === 'S2023001' || p.personNo === 'S2024001',
    );
    expect(zhang).toBeDefined();
    const all = (await call(finance1, 'GET', `${LIST}?size=10`)).json().data.records;
    expect(all.map((p: { personNo: string }) => p.personNo)).toEqual([
      'S2023001',
      'S2024001',
      'S2024002',
      'S2024003',
    ]);
    const s1 = all.find((p: { personNo: string }) => p.personNo === 'S2024001');
    expect(s1).toMatchObject({
      personType: 'student',
      name: '张三',
      idCardMasked: '110***********1234',
      phone: '13800000001',
      accounts: [
        expect.objectContaining({
          account: 'student1',
          status: 1,
          bindingStatus: 'active',
          financePhone: '13900000001',
          bankCardMasked: '***************3445',
        }),
      ],
    });
    expect(res.body).not.toContain('110101200401071234');
    expect(JSON.stringify(all)).not.toContain('6222020200112233445');
  });

  it('finds a person by name part, number, ID number, held phone and an account’s phone', async () => {
    for (const keyword of ['张', 'S2024001', '110101200401071234', '13800000001', '13900000001']) {
      const res = await call(finance1, 'GET', `${LIST}?keyword=${encodeURIComponent(keyword)}`);
      expect(res.statusCode, keyword).toBe(200);
      expect(
        res.json().data.records.map((p: { personNo: string }) => p.personNo),
        keyword,
      ).toEqual(['S2024001']);
    }
    const percent = await call(finance1, 'GET', `${LIST}?keyword=${encodeURIComponent('%')}`);
    expect(percent.json().data.total).toBe(0);
  });

  it('lists staff with their departments', async () => {
    const res = await call(finance1, 'GET', `${LIST}?personType=employee&keyword=E1001`);
    expect(res.json().data.records).toEqual([
      expect.objectContaining({ personType: 'employee', personNo: 'E1001', name: '陈老师', className: null }),
    ]);
  });

  it('never shows another tenant’s people', async () => {
    const finance2 = await tokenFor(ctx, '100002', 'finance2');
    const res = await call(finance2, 'GET', `${LIST}?size=50`);
    const nos = res.json().data.records.map((p: { personNo: string }) => p.personNo);
    expect(nos.length).toBeGreaterThan(0);
    expect(nos.every((n: string) => n.startsWith('C'))).toBe(true);
    const byId = await call(finance2, 'GET', `${LIST}?keyword=110101200401071234`);
    expect(byId.json().data.total).toBe(0);
  });

  it('answers bad input with a 400, never a 5xx', async () => {
    for (const q of ['personType=robot', 'size=1000', 'current=0', `keyword=${'x'.repeat(100)}`]) {
      const res = await call(finance1, 'GET', `${LIST}?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400 });
    }
  });
});

describe('GET /admin/person/{id} and POST /admin/person/{id}/update', () => {
  it('shows one person in full and edits them, audited', async () => {
    const id = await studentId('100001', 'S2024002');
    const detail = await call(finance1, 'GET', `/api/blade-finance/admin/person/${id}`);
    expect(detail.json().data).toMatchObject({ name: '李四', idCard: '110101200402051235' });

    const res = await call(finance1, 'POST', `/api/blade-finance/admin/person/${id}/update`, {
      personType: 'student',
      className: '计科2402',
      phone: '13800000099',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ className: '计科2402', phone: '13800000099', name: '李四' });
    const [row] = await db().select().from(students).where(eq(students.id, id));
    expect(row).toMatchObject({ className: '计科2402', phone: '13800000099' });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'person.edit'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.detail).toMatchObject({ personId: id, changed: ['phone', 'className'] });
    const [guardRow] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin POST /api/blade-finance/admin/person/:id/update'));
    expect(guardRow).toBeDefined();
  });

  it('refuses a bad phone and an empty name with translated messages', async () => {
    const id = await studentId('100001', 'S2024002');
    const url = `/api/blade-finance/admin/person/${id}/update`;
    const phone = await call(finance1, 'POST', url, { phone: '12345' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().msg).toBe('Please enter a valid phone number');
    const name = await call(finance1, 'POST', url, { name: '  ' }, 'zh');
    expect(name.json().msg).toBe('请填写名称');
  });

  it('answers 404 for another tenant’s person and changes nothing', async () => {
    const id = await studentId('100002', 'C2024002');
    expect((await call(finance1, 'GET', `/api/blade-finance/admin/person/${id}`)).statusCode).toBe(404);
    const res = await call(finance1, 'POST', `/api/blade-finance/admin/person/${id}/update`, { name: 'X' });
    expect(res.statusCode).toBe(404);
    const [row] = await db().select().from(students).where(eq(students.id, id));
    expect(row!.studentName).toBe('郑十');
  });

  it('disabling an account listed here ends its tokens on the next request, enabling lets it sign in again', async () => {
    const student1 = await tokenFor(ctx, '100001', 'student1');
    const info = () => call(student1, 'GET', '/api/blade-auth/oauth/user-info');
    expect((await info()).statusCode).toBe(200);
    const s1 = (await call(finance1, 'GET', `${LIST}?keyword=S2024001`)).json().data.records[0];
    const userId = s1.accounts[0].userId;
    expect((await call(finance1, 'POST', `/api/blade-finance/admin/user/${userId}/disable`)).statusCode).toBe(
      200,
    );
    expect((await info()).statusCode).toBe(401);
    const after = (await call(finance1, 'GET', `${LIST}?keyword=S2024001`)).json().data.records[0];
    expect(after.accounts[0].status).toBe(0);
    expect((await call(finance1, 'POST', `/api/blade-finance/admin/user/${userId}/enable`)).statusCode).toBe(
      200,
    );
    expect(
      (await call(await tokenFor(ctx, '100001', 'student1'), 'GET', '/api/blade-auth/oauth/user-info'))
        .statusCode,
    ).toBe(200);
  });
});
