/**
 * The gates: without a finance-office session every address leads to sign-in; a screen above the
 * person's role level shows a translated refusal instead of its page (the server refuses it anyway).
 */
import { Button, Result, Spin } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useT } from '@admin/lib/i18n/use-t';
import { allows } from '@admin/lib/roles';
import { useSession } from '@admin/lib/use-session';
import type { ConsoleScreen } from './screens';

export function RequireSession({ children }: { children: ReactNode }) {
  const { level } = useSession();
  return level ? children : <Navigate to="/sign-in" replace />;
}

export function ScreenGate({ screen }: { screen: ConsoleScreen }) {
  const { t } = useT();
  const { level } = useSession();
  if (!allows(level, screen.level))
    return (
      <Result
        status="403"
        title="403"
        subTitle={t('common.forbidden')}
        data-testid="screen-forbidden"
        extra={
          <Link to="/dashboard">
            <Button type="primary">{t('common.backHome')}</Button>
          </Link>
        }
      />
    );
  const Page = screen.page;
  return (
    <Suspense
      fallback={<Spin style={{ display: 'block', margin: '64px auto' }} aria-label={t('common.loading')} />}
    >
      <Page />
    </Suspense>
  );
}

export function NotFound() {
  const { t } = useT();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('common.notFound')}
      extra={
        <Link to="/dashboard">
          <Button type="primary">{t('common.backHome')}</Button>
        </Link>
      }
    />
  );
}
