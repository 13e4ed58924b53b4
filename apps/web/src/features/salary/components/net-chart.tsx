/**
 * Net pay of the last 12 months as bars: a hand-written SVG (no chart library in the chunk). While
 * the amounts are hidden the bars keep their shape but no figure is written.
 */
import { formatYuan } from '@cf/shared/money';
import { useT } from '@/lib/i18n/use-t';
import { useAmountsShown } from './amounts';
import styles from './salary.module.css';

const W = 320;
const H = 164;
const TOP = 22;
/** Room under the bars for the month and, where it changes, the year. */
const BOTTOM = 34;

export function NetChart({ months }: { months: { period: string; netFen: number }[] }) {
  const t = useT();
  const shown = useAmountsShown();
  if (months.length === 0) return null;
  const max = Math.max(...months.map((m) => m.netFen), 1);
  const slot = W / 12;
  const barWidth = slot * 0.56;
  const last = months.length - 1;
  return (
    <figure className={styles.chart} data-testid="salary-chart">
      <figcaption className={styles.chartTitle}>{t('salary.chartTitle')}</figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t('salary.chartLabel')}
        className={styles.chartSvg}
      >
        <line x1="0" x2={W} y1={H - BOTTOM} y2={H - BOTTOM} stroke="#e5e6eb" />
        {months.map((m, i) => {
          const height = ((H - TOP - BOTTOM) * Math.max(m.netFen, 0)) / max;
          const x = i * slot + (slot - barWidth) / 2;
          const y = H - BOTTOM - height;
          const month = Number(m.period.slice(5));
          return (
            <g key={m.period}>
              <rect
                x={x}
                y={y}
                width={barWidth}
                height={height}
                rx="2"
                fill={i === last ? '#1677ff' : '#91caff'}
              >
                {shown ? <title>{`${m.period} ${formatYuan(m.netFen)}`}</title> : null}
              </rect>
              <text x={x + barWidth / 2} y={H - 20} textAnchor="middle" fontSize="10" fill="#888">
                {month}
              </text>
              {/* The year under the first month and wherever it changes: a gap of years never looks continuous. */}
              {i === 0 || m.period.slice(0, 4) !== months[i - 1]!.period.slice(0, 4) ? (
                <text
                  x={x + barWidth / 2}
                  y={H - 6}
                  textAnchor="middle"
                  fontSize="9"
                  fill="#aaa"
                  data-testid="salary-chart-year"
                >
                  {m.period.slice(0, 4)}
                </text>
              ) : null}
              {shown && i === last ? (
                // Over the highlighted bar: ends at its right edge, so it never sits over another bar's top.
                <text
                  x={Math.min(x + barWidth, W)}
                  y={y - 6}
                  textAnchor="end"
                  fontSize="10"
                  fill="#1677ff"
                  data-testid="salary-chart-value"
                >
                  {formatYuan(m.netFen, false)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
