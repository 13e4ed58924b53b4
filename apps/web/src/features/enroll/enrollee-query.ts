/** The look-up needs both the ID number and the name; the server matches them together. */
import type { EnrolleeQuery } from './api/lookup-enrollee';

export function checkEnrolleeQuery(
  query: EnrolleeQuery,
): 'enroll.idCardRequired' | 'enroll.nameRequired' | null {
  if (!query.idCard.trim()) return 'enroll.idCardRequired';
  if (!query.name.trim()) return 'enroll.nameRequired';
  return null;
}
