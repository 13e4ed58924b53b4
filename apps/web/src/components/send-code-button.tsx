import Button from 'antd-mobile/es/components/button';
import { useEffect, useRef, useState } from 'react';
import { createCountdown, type Countdown } from '../lib/countdown';
import { useT } from '../lib/i18n/use-t';

interface SendCodeButtonProps {
  /** Sends the code; resolves true on success (the caller keeps the verify id). */
  onSend: () => Promise<boolean>;
  disabled?: boolean;
}

/**
 * Spec §4: sending, then on success disabled for a 60 s countdown ticking each second, then
 * enabled again; on failure enabled at once.
 */
export function SendCodeButton({ onSend, disabled }: SendCodeButtonProps) {
  const t = useT();
  const [phase, setPhase] = useState<'idle' | 'sending' | 'counting'>('idle');
  const [remaining, setRemaining] = useState(0);
  const countdown = useRef<Countdown | null>(null);

  useEffect(() => {
    const timer = createCountdown(setRemaining, () => setPhase('idle'));
    countdown.current = timer;
    return () => timer.stop();
  }, []);

  async function send() {
    setPhase('sending');
    const sent = await onSend().catch(() => false);
    if (sent) {
      setPhase('counting');
      countdown.current?.start();
    } else setPhase('idle');
  }

  const label =
    phase === 'sending'
      ? t('code.sending')
      : phase === 'counting'
        ? t('code.countdown', { seconds: remaining })
        : t('code.send');
  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      data-testid="send-code"
      disabled={disabled || phase !== 'idle'}
      onClick={() => void send()}
    >
      {label}
    </Button>
  );
}
