import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AmountsProvider, EyeToggle } from './amounts';
import { NetChart } from './net-chart';

const months = ['2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'].map(
  (period, i) => ({ period, netFen: 800_000 + i * 1_000 }),
);

describe('the net pay chart', () => {
  it('names the year under its first month and where it changes, and writes the figure over the last bar', () => {
    const { container } = render(
      <AmountsProvider proof="chart-proof">
        <EyeToggle />
        <NetChart months={months} />
      </AmountsProvider>,
    );
    expect(screen.getAllByTestId('salary-chart-year').map((el) => el.textContent)).toEqual(['2025', '2026']);
    fireEvent.click(screen.getByRole('button'));
    const bars = container.querySelectorAll('rect');
    const last = bars[bars.length - 1]!;
    const value = screen.getByTestId('salary-chart-value');
    expect(value.getAttribute('text-anchor')).toBe('end');
    // It ends at the highlighted bar's right edge, not over the bar before it.
    expect(Number(value.getAttribute('x'))).toBeCloseTo(
      Number(last.getAttribute('x')) + Number(last.getAttribute('width')),
    );
    expect(value.textContent).toBe('8,070.00');
  });
});
