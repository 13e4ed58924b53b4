import { translate, type MessageKey } from '@cf/shared/messages';
import type { PayChannelName } from '@server/gateways/types';

/** A channel's name in both languages, as the cashier and the result page show it. */
export const channelLabel = (channel: PayChannelName) => ({
  channel,
  name: translate(`pay.channel.${channel}` as MessageKey, 'zh'),
  nameEn: translate(`pay.channel.${channel}` as MessageKey, 'en'),
});
