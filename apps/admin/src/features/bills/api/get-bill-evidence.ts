/**
 * GET /api/blade-finance/admin/bill/{id}/evidence/{evidenceId}: a file the payer uploaded with an
 * other-means bill, fetched with the office's header. An image comes back as a data: URL (the console's
 * CSP allows data: images, not blob:), cached while the console is open; a PDF is saved under its name.
 */
import { useQuery } from '@tanstack/react-query';
import { requestBlob } from '@admin/lib/api-client';

const evidenceUrl = (billId: number, evidenceId: number) =>
  `/api/blade-finance/admin/bill/${billId}/evidence/${evidenceId}`;

export const getBillEvidence = (billId: number, evidenceId: number): Promise<Blob> =>
  requestBlob({ url: evidenceUrl(billId, evidenceId), silent: true });

/** A data: URL of the file's bytes, typed as the server typed them (checked by their first bytes). */
async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

export const useBillEvidenceImage = (billId: number, evidenceId: number) =>
  useQuery({
    queryKey: ['admin-bill-evidence', billId, evidenceId],
    queryFn: async () => dataUrlOf(await getBillEvidence(billId, evidenceId)),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

/** Saves a PDF (or any file) of the bill under the name the payer's file had. */
export async function saveBillEvidence(billId: number, evidenceId: number, name: string): Promise<void> {
  const blob = await requestBlob({ url: evidenceUrl(billId, evidenceId) });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
