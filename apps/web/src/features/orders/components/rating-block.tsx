/**
 * The order detail's rating card (a lazy chunk with the signrate texts): once paid, the order's
 * creator rates it 1–5 stars (spec §3 names) with an optional comment of up to 200 characters;
 * afterwards everyone who sees the order sees the rating. Nothing when there is none to show or give.
 */
import Button from 'antd-mobile/es/components/button';
import TextArea from 'antd-mobile/es/components/text-area';
import { RATING_COMMENT_MAX } from '@cf/shared/rating-rules';
import type { OrderDetail } from '@cf/shared/wire/order';
import { useState, type FormEvent } from 'react';
import { sentenceCase, toastSuccess } from '@/lib/feedback';
import type { TextKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useRating } from '../api/get-rating';
import { useSubmitRating } from '../api/submit-rating';
import styles from './order-blocks.module.css';

const STARS = [1, 2, 3, 4, 5] as const;
const nameKey = (score: number) => `rating.name.${score}` as TextKey;

export default function RatingBlock({ order }: { order: OrderDetail }) {
  const t = useT();
  const rating = useRating(order.id);
  const submit = useSubmitRating();
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const data = rating.data;
  if (!data || (!data.rating && !data.canRate)) return null;

  async function send(event: FormEvent) {
    event.preventDefault();
    const saved = await submit.mutateAsync({ orderId: order.id, score, comment }).catch(() => undefined);
    if (saved) toastSuccess(t('rating.thanks'));
  }

  const done = data.rating;
  return (
    <section
      className={styles.card}
      aria-labelledby="order-rating-title"
      data-testid="order-rating"
      data-score={done?.score ?? ''}
    >
      <h2 id="order-rating-title" className={styles.title}>
        {t('rating.title')}
      </h2>
      {done ? (
        <>
          <p className={styles.shown} data-testid="rating-shown">
            <span className={styles.starOn} aria-hidden="true">
              {'★'.repeat(done.score)}
            </span>{' '}
            {t('rating.yours', { score: done.score, name: sentenceCase(t(nameKey(done.score))) })}
          </p>
          {done.comment ? (
            <p className={styles.comment} data-user-data data-testid="rating-comment">
              {done.comment}
            </p>
          ) : null}
        </>
      ) : (
        <form onSubmit={(event) => void send(event)} className={styles.form}>
          <p className={styles.hint}>{t('rating.prompt')}</p>
          <div role="radiogroup" aria-label={t('rating.prompt')} className={styles.stars}>
            {STARS.map((n) => (
              <button
                key={n}
                type="button"
                role="radio"
                aria-checked={score === n}
                aria-label={t('rating.star', { score: n, name: t(nameKey(n)) })}
                className={n <= score ? `${styles.star} ${styles.starOn}` : styles.star}
                onClick={() => setScore(n)}
                data-testid={`rating-star-${n}`}
              >
                ★
              </button>
            ))}
          </div>
          <p className={styles.scoreName} aria-live="polite" data-testid="rating-name">
            {sentenceCase(t(nameKey(score)))}
          </p>
          <label htmlFor="rating-comment" className={styles.label}>
            {t('rating.commentLabel')}
          </label>
          <div data-user-data>
            <TextArea
              id="rating-comment"
              className={styles.textarea}
              placeholder={t('rating.commentPlaceholder')}
              value={comment}
              onChange={setComment}
              maxLength={RATING_COMMENT_MAX}
              showCount
              rows={3}
            />
          </div>
          <Button
            block
            color="primary"
            type="submit"
            disabled={score === 0}
            loading={submit.isPending}
            data-testid="rating-submit"
          >
            {t('rating.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
