/**
 * GET /api/blade-desk/admin/notice/:id/attachment/:attachmentId: a notice's file with the Blade-Auth
 * header (the readers' signed links are not for the office), as a Blob.
 */
import { requestBlob } from '@admin/lib/api-client';

export const downloadAttachment = (noticeId: number, id: number): Promise<Blob> =>
  requestBlob({ url: `/api/blade-desk/admin/notice/${noticeId}/attachment/${id}` });
