/** The wire of the public SMS endpoint (/api/blade-resource/sms/*). */
import { z } from 'zod';
import { tenantQuery } from './system';

export const smsSendQuery = tenantQuery.extend({ phone: z.string().optional() });
export type SmsSendQuery = z.infer<typeof smsSendQuery>;

/** A code sent: `id` is the verify id the check names. */
export const verifyIdSchema = z.object({ id: z.string() });
export type VerifyId = z.infer<typeof verifyIdSchema>;
