/**
 * Amounts on the salary screens are hidden until the person taps the eye, and hidden again whenever
 * the page goes to the background (visibilitychange), so a phone left on a desk shows no pay. Shown,
 * they stay shown from screen to screen of the salary session (the list, a slip, other income): the
 * choice is kept in memory for the proof it was made under, never stored, so a reload or a new proof
 * starts hidden.
 */
import { formatYuan } from '@cf/shared/money';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useT } from '@/lib/i18n/use-t';
import styles from './salary.module.css';

const AmountsShown = createContext<{ shown: boolean; toggle: () => void }>({
  shown: false,
  toggle: () => {},
});

/** The proof under which the person chose to see the amounts (memory only): a new proof starts hidden. */
let shownUnder: string | undefined;

export function AmountsProvider({ proof, children }: { proof: string; children: ReactNode }) {
  const [shown, setShownState] = useState(shownUnder === proof);
  const toggle = () => {
    const now = !shown;
    shownUnder = now ? proof : undefined;
    setShownState(now);
  };
  useEffect(() => {
    const hide = () => {
      if (document.visibilityState !== 'hidden') return;
      shownUnder = undefined;
      setShownState(false);
    };
    document.addEventListener('visibilitychange', hide);
    return () => document.removeEventListener('visibilitychange', hide);
  }, []);
  return <AmountsShown.Provider value={{ shown, toggle }}>{children}</AmountsShown.Provider>;
}

export const useAmountsShown = (): boolean => useContext(AmountsShown).shown;

/** Yuan, or stars while the amounts are hidden. */
export function Money({ fen, className }: { fen: number; className?: string }) {
  const t = useT();
  const shown = useAmountsShown();
  return (
    <span className={className} data-testid="salary-amount">
      {shown ? formatYuan(fen) : `¥${t('salary.hidden')}`}
    </span>
  );
}

/** The eye: shows or hides every amount of the screen. */
export function EyeToggle() {
  const t = useT();
  const { shown, toggle } = useContext(AmountsShown);
  const label = shown ? t('salary.hideAmounts') : t('salary.showAmounts');
  return (
    <button
      type="button"
      className={styles.eye}
      onClick={toggle}
      aria-pressed={shown}
      aria-label={label}
      title={label}
    >
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
        <circle cx="12" cy="12" r="3" />
        {shown ? null : <path d="M3 3l18 18" />}
      </svg>
      {label}
    </button>
  );
}
