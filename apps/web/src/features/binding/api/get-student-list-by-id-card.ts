/**
 * GET /api/blade-user/get-student-list-by-id-card: `data` is AES of JSON {idCard, realName} (the server
 * answers only a binder who knows both); the reply's data is AES of the JSON student list (spec §7):
 * student number, masked name, year. Crypto is loaded only when a lookup happens.
 */
import type { StudentListItem } from '@cf/shared/wire/user';
import { loadClientConfig } from '@/api/get-client-config';
import { requestData } from '@/lib/api-client';

export async function getStudentListByIdCard(idCard: string, realName: string): Promise<StudentListItem[]> {
  const [{ aesEncrypt, aesDecrypt }, config] = await Promise.all([
    import('@cf/shared/wire-crypto'),
    loadClientConfig(),
  ]);
  const cipher = await requestData<string>({
    url: '/api/blade-user/get-student-list-by-id-card',
    params: {
      data: aesEncrypt(
        JSON.stringify({ idCard: idCard.trim(), realName: realName.trim() }),
        config.wireAesKey,
      ),
    },
    loading: 'loading',
  });
  const plain: unknown = cipher ? JSON.parse(aesDecrypt(cipher, config.wireAesKey)) : [];
  // Either the list itself or an object holding it in `data`.
  const list = Array.isArray(plain) ? plain : (plain as { data?: unknown })?.data;
  return Array.isArray(list) ? (list as StudentListItem[]) : [];
}
