/** Demo fees, receivables, enrolment candidates and pay channels (filled by the fee module's work). */
import type { Db } from '../client';

export async function seedFinanceDemo(_db: Db): Promise<void> {}
