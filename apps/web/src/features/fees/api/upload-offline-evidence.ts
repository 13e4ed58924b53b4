/**
 * POST /api/blade-finance/fee/offline/evidence (multipart, one part `file`): one evidence file of an
 * other-means payment, answered with its id to name in fee/offline. The form shows its own progress,
 * so no loading toast; a refusal still shows the server's message.
 */
import type { Evidence } from '@cf/shared/wire/fee';
import { requestData } from '@/lib/api-client';

export const uploadOfflineEvidence = (file: { blob: Blob; name: string }): Promise<Evidence> => {
  const form = new FormData();
  form.append('file', file.blob, file.name);
  return requestData<Evidence>({
    method: 'post',
    url: '/api/blade-finance/fee/offline/evidence',
    data: form,
    loading: false,
  });
};
