import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@cf/shared/wire/order';
import { loadSignrateTexts } from '@/lib/i18n/signrate-texts';
import type { OrderRating } from '../api/get-rating';
import RatingBlock from './rating-block';

let answer: OrderRating;
const mutateAsync = vi.fn(async (body: { orderId: number; score: number; comment: string }) => body);
vi.mock('../api/get-rating', () => ({ useRating: () => ({ data: answer }) }));
vi.mock('../api/submit-rating', () => ({ useSubmitRating: () => ({ mutateAsync, isPending: false }) }));
vi.mock('@/lib/feedback', async (original) => ({
  ...(await original<typeof import('@/lib/feedback')>()),
  toastSuccess: vi.fn(),
}));

const order = { id: 9, payStatus: 'PAID' } as OrderDetail;

describe('the rating card', () => {
  beforeAll(() => loadSignrateTexts());
  beforeEach(() => mutateAsync.mockClear());

  it('asks for at least one star, names the score and sends it with the comment', async () => {
    answer = { orderId: 9, rating: null, canRate: true };
    render(<RatingBlock order={order} />);
    const submit = screen.getByTestId('rating-submit');
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '4 星：比较好' }));
    expect(screen.getByRole('radio', { name: '4 星：比较好' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('rating-name').textContent).toBe('比较好');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '很方便' } });
    fireEvent.click(screen.getByTestId('rating-submit'));
    await waitFor(() =>
      expect(mutateAsync).toHaveBeenCalledWith({ orderId: 9, score: 4, comment: '很方便' }),
    );
  });

  it('shows a given rating with its name and comment, and no form', () => {
    answer = {
      orderId: 9,
      rating: { score: 2, scoreName: '较差', comment: '排队太久', createdAt: '2026-01-01T00:00:00.000Z' },
      canRate: false,
    };
    render(<RatingBlock order={order} />);
    expect(screen.getByTestId('rating-shown').textContent).toContain('2 星 · 较差');
    expect(screen.getByTestId('rating-comment').textContent).toBe('排队太久');
    expect(screen.queryByTestId('rating-submit')).toBeNull();
  });

  it('shows nothing when there is no rating to show or to give', () => {
    answer = { orderId: 9, rating: null, canRate: false };
    const { container } = render(<RatingBlock order={order} />);
    expect(container.innerHTML).toBe('');
  });
});
