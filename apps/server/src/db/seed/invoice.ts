/**
 * Demo invoice titles: student1 (100001) keeps a company title (the default) and a personal one, so the
 * invoice request can be tried at once with a saved title. Called from demo.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema';
import { invoiceTitles } from '../schema-invoice';

export async function seedInvoiceDemo(db: Db): Promise<void> {
  const [student1] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, '100001'), eq(users.account, 'student1')));
  if (!student1) return;
  await db.insert(invoiceTitles).values([
    {
      tenantId: '100001',
      userId: student1.id,
      taxpayerType: 'company',
      invoiceType: 'special',
      name: '演示科技有限公司',
      taxId: '91350100M000100Y43',
      address: '福州市鼓楼区五四路 100 号',
      phone: '0591-87654321',
      bank: '中国银行福州鼓楼支行',
      bankAccount: '6217000012345678',
      isDefault: true,
    },
    { tenantId: '100001', userId: student1.id, taxpayerType: 'person', invoiceType: 'general', name: '张三' },
  ]);
}
