/** Years as tabs, newest first; the chosen year lives in the address (?year=). */
import Tabs from 'antd-mobile/es/components/tabs';
import styles from './salary.module.css';

export function YearTabs({
  years,
  year,
  onChange,
}: {
  years: number[];
  year: number | null;
  onChange: (year: number) => void;
}) {
  if (years.length === 0 || year === null) return null;
  return (
    <Tabs activeKey={String(year)} onChange={(key) => onChange(Number(key))} className={styles.tabs}>
      {years.map((y) => (
        <Tabs.Tab key={String(y)} title={String(y)} />
      ))}
    </Tabs>
  );
}
