/** The wire of Mine › 消息通知 (issue 28): which kinds of message a person receives. */
import { z } from 'zod';
import { NOTIFY_GROUPS } from '../notify';

export const notifyGroupSchema = z.enum(NOTIFY_GROUPS);

/** Each group on or off; security notices (phone, bank card changed) are always on. */
export const notifySettingsSchema = z.object({
  groups: z.array(z.object({ group: notifyGroupSchema, on: z.boolean() })),
  security: z.literal(true),
});
export type NotifySettings = z.infer<typeof notifySettingsSchema>;

/** The groups turned off; every other group is on. */
export const notifySettingsInput = z.object({ off: z.array(z.string().max(32)).max(16) });
export type NotifySettingsInput = z.infer<typeof notifySettingsInput>;
