import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadNoticesTexts } from '@/lib/i18n/notices-texts';

const requestData = vi.fn();
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  requestData: (args: unknown) => requestData(args),
}));
const { default: NoticeDetailPage } = await import('./notice-detail-page');

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/home/notice/5']}>
        <NoticeDetailPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a notice’s detail', () => {
  beforeAll(() => loadNoticesTexts());
  beforeEach(() => requestData.mockReset());

  it('shows the content through DOMPurify and the attachments as plain links', async () => {
    requestData.mockResolvedValue({
      id: 5,
      title: '学费通知',
      category: 'fees',
      categoryName: '缴费通知',
      releaseTime: '2026-01-02T02:00:00Z',
      authorDept: '财务处',
      attachmentCount: 1,
      content: '<p onclick="x()">正文</p><img src="x" onerror="x()"><a href="https://example.edu">链接</a>',
      attachments: [
        {
          id: 9,
          name: '指南.pdf',
          size: 2048,
          inline: true,
          link: '/api/blade-desk/notice/attachment/9?sig=abc',
        },
      ],
    });
    show();
    const content = await screen.findByTestId('notice-content');
    expect(content.innerHTML).toBe(
      '<p>正文</p><a href="https://example.edu" target="_blank" rel="noopener noreferrer">链接</a>',
    );
    expect(screen.getByTestId('notice-title').textContent).toBe('学费通知');
    expect(screen.getByText('2026-01-02 10:00')).toBeTruthy();
    const file = screen.getByTestId('notice-attachment');
    expect(file.getAttribute('href')).toBe('/api/blade-desk/notice/attachment/9?sig=abc');
    // A PDF opens in place (served inline), as the invoice PDF does: no download attribute.
    expect(file.hasAttribute('download')).toBe(false);
    expect(file.getAttribute('aria-label')).toBe('打开 指南.pdf（2.0 KB）');
    expect(requestData).toHaveBeenCalledWith(expect.objectContaining({ params: { id: '5' } }));
  });
});
