/**
 * A bank's name as the reader's language says it: the tenant's bank list (dictionary `bank`) keeps the
 * Chinese name as the value and the English one as its remark. A name the list does not know (typed
 * by the school) is user data, shown as written. The profile and the bank card screen both use it.
 */
import { useLanguage } from '@/lib/i18n/use-t';
import { useSession } from '@/lib/use-session';
import { useBankList } from './api/get-bank-list';

export function useBankName(value: string | null | undefined): { name: string; userData: boolean } {
  const language = useLanguage();
  const { user } = useSession();
  const banks = useBankList(user?.tenantId).data ?? [];
  const bank = value ? banks.find((entry) => entry.dictValue === value) : undefined;
  if (language === 'en' && bank?.remark) return { name: bank.remark, userData: false };
  return { name: value ?? '', userData: !bank?.remark };
}
