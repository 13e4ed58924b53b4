/** The evidence picker as the payer uses it: choose files, read why one is refused, remove one. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { toastFail } from '@/lib/feedback';
import { loadFinanceTexts } from '@/lib/i18n/finance-texts';
import { setLanguage } from '@/lib/i18n/i18n';
import type { EvidenceItem } from '../evidence';
import EvidencePicker from './evidence-picker';

vi.mock('@/lib/feedback', () => ({
  toastFail: vi.fn(),
  toastSuccess: vi.fn(),
  toastText: vi.fn(),
  beginLoading: vi.fn(),
  endLoading: vi.fn(),
  clearLoading: vi.fn(),
}));

const pdf = (name: string, size = 64) =>
  new File([new TextEncoder().encode('%PDF-1.4'), new Uint8Array(size)], name, { type: 'application/pdf' });

function Form() {
  const [items, setItems] = useState<EvidenceItem[]>([]);
  return (
    <EvidencePicker
      items={items}
      onAdd={(added) => setItems((all) => [...all, ...added])}
      onRemove={(key) => setItems((all) => all.filter((item) => item.key !== key))}
      disabled={false}
    />
  );
}

const choose = (...files: File[]) =>
  fireEvent.change(screen.getByTestId('evidence-input'), { target: { files } });

describe('the evidence picker', () => {
  beforeAll(async () => {
    setLanguage('en');
    await loadFinanceTexts();
  });

  it('lists chosen PDFs with their size, and removes one', async () => {
    render(<Form />);
    expect(screen.getByTestId('evidence-input')).toHaveProperty('accept', 'image/*,application/pdf');
    choose(pdf('statement.pdf', 2048), pdf('receipt.pdf'));
    await waitFor(() => expect(screen.getAllByTestId('evidence-item')).toHaveLength(2));
    expect(screen.getByText('statement.pdf')).toBeTruthy();
    expect(screen.getByText('2 KB')).toBeTruthy();
    expect(screen.getByText('2/5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove evidence statement.pdf' }));
    expect(screen.getAllByTestId('evidence-item')).toHaveLength(1);
    expect(screen.queryByText('statement.pdf')).toBeNull();
  });

  it('says why a file is refused, and hides the add button at five files', async () => {
    render(<Form />);
    choose(new File(['GIF89a'], 'funny.gif', { type: 'image/gif' }));
    await waitFor(() =>
      expect(toastFail).toHaveBeenCalledWith('Evidence must be a JPG, PNG or WebP image or a PDF file'),
    );
    expect(screen.queryByTestId('evidence-item')).toBeNull();

    choose(...Array.from({ length: 6 }, (_, i) => pdf(`p${i}.pdf`)));
    await waitFor(() => expect(screen.getAllByTestId('evidence-item')).toHaveLength(5));
    expect(toastFail).toHaveBeenLastCalledWith('At most 5 evidence files can be attached to a payment');
    expect(screen.queryByTestId('evidence-input')).toBeNull();
  });
});
