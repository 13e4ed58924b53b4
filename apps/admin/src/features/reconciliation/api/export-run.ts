/** GET /api/blade-finance/admin/reconciliation/runs/:id/export: the differences as an XLSX file. */
import { basicClientHeader, transport } from '@admin/lib/api-client';
import { getLanguage } from '@admin/lib/i18n/i18n';
import { getAccessToken } from '@admin/lib/session';

export async function exportRun(id: number, fileName: string): Promise<void> {
  const res = await transport.fetch(`/api/blade-finance/admin/reconciliation/runs/${id}/export`, {
    headers: {
      Authorization: basicClientHeader(),
      'Blade-Auth': `bearer ${getAccessToken() ?? ''}`,
      'Accept-Language': getLanguage() === 'en' ? 'en' : 'zh-CN',
    },
  });
  if (!res.ok) throw new Error(`export failed: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
