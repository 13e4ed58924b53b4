import { useEffect, useRef, useState } from 'react';
import { PageSpinner } from '@/components/page-spinner';
import { StatusView } from '@/components/status-view';
import { useT } from '@/lib/i18n/use-t';
import { reloadAt, takeReturnAddress } from '@/lib/navigation';
import { hasValidUserId, saveSession } from '@/lib/session';
import { getPreferredTenantId } from '@/lib/tenant';
import { wechatSource } from '@/lib/wechat';
import { useLoginBySocial } from '../api/login-by-social';
import { takeWechatState } from '../wechat-flow';

interface WechatCallbackProps {
  code: string;
  state: string;
  /** Shows the password form instead (after a failure). */
  onUsePassword: () => void;
}

/**
 * Back from WeChat with code and state: an authorizing state, the social grant, then the return
 * address, or /register when the WeChat user is not bound yet (user_id '0').
 */
export function WechatCallback({ code, state, onUsePassword }: WechatCallbackProps) {
  const t = useT();
  const { mutateAsync: socialLogin } = useLoginBySocial();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // A WeChat code is good once: never send it twice (StrictMode runs effects twice).
    if (started.current) return;
    started.current = true;
    async function complete(): Promise<string | null> {
      const kept = takeWechatState();
      const tenantId = getPreferredTenantId();
      if ((kept.state && kept.state !== state) || !tenantId) return t('login.stateMismatch');
      try {
        const source = kept.source ?? wechatSource() ?? 'wechat';
        const grant = await socialLogin({ tenantId, source, code, state });
        saveSession(grant);
        // An unbound visitor binds first; the return address waits for after the binding.
        reloadAt(hasValidUserId({ userId: String(grant.user_id) }) ? takeReturnAddress() : '/register');
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : t('login.authorizeFailed');
      }
    }
    void complete().then(setProblem);
  }, [code, state, socialLogin, t]);

  if (!problem) return <PageSpinner label={t('login.authorizing')} />;
  return (
    <StatusView role="alert" title={t('login.authorizeFailed')} description={problem}>
      <button type="button" className="plain-button" onClick={() => reloadAt('/home')}>
        {t('login.authorizeAgain')}
      </button>
      <button type="button" className="plain-button plain-button-outline" onClick={onUsePassword}>
        {t('login.usePassword')}
      </button>
    </StatusView>
  );
}
