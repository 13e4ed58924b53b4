/**
 * Codes as words in the console's language, from the one table of each kind in packages/shared
 * (src/labels): `const label = useLabel(); label(PAY_METHOD_LABELS, order.channel)`. A code the table
 * does not know shows as written.
 */
import { labelOf, type Label } from '@cf/shared/labels/label';
import { useCallback } from 'react';
import { useT } from './i18n/use-t';

export function useLabel() {
  const { language } = useT();
  return useCallback(
    (table: Readonly<Record<string, Label>>, code: string | number | null | undefined) =>
      labelOf(table, code, language),
    [language],
  );
}
