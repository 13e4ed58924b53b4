import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNoticesTexts } from '@/lib/i18n/notices-texts';
import { NoticeContent } from './notice-content';

describe('a notice body', () => {
  beforeAll(() => loadNoticesTexts());

  it('that cleans to nothing says it has no body instead of leaving the page blank', () => {
    render(<NoticeContent html={'<p>&nbsp;</p><script>alert(1)</script>'} />);
    expect(screen.getByTestId('notice-content').textContent).toBe('本通知没有正文');
  });

  it('with words shows them', () => {
    render(<NoticeContent html="<p>缴费截止 9 月 30 日</p>" />);
    expect(screen.getByTestId('notice-content').textContent).toBe('缴费截止 9 月 30 日');
  });
});
