/**
 * What stands before every salary screen: staff only (the server checks again), then the step-up —
 * a code to the finance-reserved phone, valid 15 minutes on this device. Behind it the amounts
 * start hidden (amounts.tsx).
 */
import type { ReactNode } from 'react';
import { StatusView } from '@/components/status-view';
import { useT } from '@/lib/i18n/use-t';
import { useSession } from '@/lib/use-session';
import { useSalaryProof } from '../salary-proof';
import { AmountsProvider } from './amounts';
import { SalaryStepUp } from './salary-step-up';

export function SalaryGate({ children }: { children: ReactNode }) {
  const t = useT();
  const { user } = useSession();
  const proof = useSalaryProof();
  if (user && user.userType !== 'employee')
    return (
      <StatusView
        role="status"
        testId="salary-staff-only"
        title={t('salary.staffOnly')}
        description={t('salary.staffOnlyHint')}
      />
    );
  if (!proof) return <SalaryStepUp />;
  return <AmountsProvider proof={proof}>{children}</AmountsProvider>;
}
