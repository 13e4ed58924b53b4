import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AmountsProvider, EyeToggle, Money } from './amounts';

const screenUnder = (proof: string) =>
  render(
    <AmountsProvider proof={proof}>
      <EyeToggle />
      <Money fen={123_456} />
    </AmountsProvider>,
  );

describe('the salary eye', () => {
  it('holds from screen to screen of one salary session, and a new proof starts hidden', () => {
    const list = screenUnder('proof-1');
    expect(screen.getByTestId('salary-amount').textContent).not.toContain('1,234.56');
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByTestId('salary-amount').textContent).toBe('¥1,234.56');
    list.unmount();

    // The next screen under the same proof: still shown.
    const slip = screenUnder('proof-1');
    expect(screen.getByTestId('salary-amount').textContent).toBe('¥1,234.56');
    slip.unmount();

    // A new step-up: hidden again.
    screenUnder('proof-2');
    expect(screen.getByTestId('salary-amount').textContent).not.toContain('1,234.56');
  });
});
