import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { transport } from '@admin/lib/api-client';
import { pageOf, renderPage, serve, signInAs } from '@admin/test/render';
import type { AdminBill } from '../api/get-bills';
import BillsPage from './bills-page';

const bill: AdminBill = {
  id: 5,
  billNo: 'O2026112400005',
  kind: 'CHARGE',
  project: '学费',
  projectEn: 'Tuition',
  priceFen: 50000,
  quantity: 1,
  amountFen: 50000,
  method: '银行转账',
  billDate: '2026-11-23T16:00:00.000Z',
  status: 1,
  statusColor: '',
  source: 'offline',
  orderId: null,
  note: '尾号 1234',
  receivableId: 3,
  personType: 'student',
  personId: 1,
  personName: '张三',
  personNo: 'S2024001',
  createdAt: '2026-11-24T02:00:00.000Z',
  evidence: [],
};

describe('other-means bills page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the evidence before the decision, and approves the bill it shows', async () => {
    signInAs('clerk');
    const { calls } = serve({
      'GET /api/blade-finance/admin/bill/list': () => pageOf([bill]),
      'POST /api/blade-finance/admin/bill/5/review': () => ({ ...bill, status: 2 }),
    });
    renderPage(<BillsPage />);
    // The list itself offers no decision: only the evidence.
    const row = (await screen.findByText('O2026112400005')).closest('tr')!;
    // The payer with the school's number beside the name (two students may share a name).
    expect(within(row).getByTestId('bill-person').textContent).toBe('张三S2024001');
    expect(within(row).queryByRole('button', { name: '审核通过' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '查看凭据' }));

    const evidence = await screen.findByTestId('bill-evidence');
    expect(evidence.textContent).toContain('尾号 1234');
    expect(evidence.textContent).toContain('2026-11-24');
    expect(evidence.textContent).toContain('¥500.00');
    fireEvent.click(screen.getByRole('button', { name: '审核通过' }));
    expect(await screen.findByText('审核通过后，这笔 ¥500.00 计入已缴。确定？')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('tooltip')).getByRole('button', { name: '审核通过' }));
    await waitFor(() => expect(calls).toContain('POST /api/blade-finance/admin/bill/5/review'));
    expect(calls).not.toContain('POST /api/blade-finance/admin/bill/5/void');
  });

  it('shows the files the payer uploaded: images as thumbnails, PDFs as downloads', async () => {
    signInAs('clerk');
    const withFiles: AdminBill = {
      ...bill,
      evidence: [
        {
          id: 11,
          name: 'transfer.png',
          downloadName: 'evidence-11.png',
          mimeType: 'image/png',
          sizeBytes: 8,
        },
        {
          id: 12,
          name: 'statement.pdf',
          downloadName: 'evidence-12.pdf',
          mimeType: 'application/pdf',
          sizeBytes: 8,
        },
      ],
    };
    const { calls } = serve({ 'GET /api/blade-finance/admin/bill/list': () => pageOf([withFiles]) });
    const answer = vi.mocked(transport.fetch).getMockImplementation()!;
    const fileCalls: string[] = [];
    vi.mocked(transport.fetch).mockImplementation(async (url, init) => {
      if (!url.includes('/evidence/')) return answer(url, init);
      fileCalls.push(url);
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), {
        headers: { 'content-type': 'image/png' },
      });
    });
    renderPage(<BillsPage />);
    fireEvent.click(await screen.findByRole('button', { name: '查看凭据' }));
    const files = await screen.findByTestId('bill-evidence-files');
    const image = await within(files).findByRole('img', { name: 'transfer.png' });
    await waitFor(() => expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/));
    expect(within(files).getByTestId('bill-evidence-pdf').textContent).toContain('statement.pdf');
    // Only the image is fetched on opening, with the office's header; the PDF waits for a click.
    expect(fileCalls).toEqual(['/api/blade-finance/admin/bill/5/evidence/11']);
    expect(calls).toEqual(['GET /api/blade-finance/admin/bill/list?status=1&current=1&size=20']);
  });

  it('says so when the payer uploaded no files', async () => {
    signInAs('clerk');
    serve({ 'GET /api/blade-finance/admin/bill/list': () => pageOf([bill]) });
    renderPage(<BillsPage />);
    fireEvent.click(await screen.findByRole('button', { name: '查看凭据' }));
    expect((await screen.findByTestId('bill-evidence')).textContent).toContain('缴费人没有上传凭证文件');
  });
});
