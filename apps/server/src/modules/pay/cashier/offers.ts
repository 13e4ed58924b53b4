/**
 * What the cashier offers where the payer is (issue 27): every mode of the tenant's ready channels
 * that works in the payer's place (@cf/shared/pay-offers), in the tenant's order of channels. A
 * channel with no mode here is still listed once, not usable (here: false), so the payer learns where
 * it would work (WeChat Pay JSAPI: in WeChat). The place is the page's word checked against its
 * User-Agent (payerPlace).
 */
import type { FastifyInstance } from 'fastify';
import { MODE_PLACES, type PayMode, type PayerPlace } from '@cf/shared/pay-offers';
import type { PayOffer } from '@cf/shared/wire/pay';
import type { PayChannelName, PayGateway } from '@server/gateways/types';
import { isChannelName } from '@server/modules/pay/channels/channel';
import { enabledChannelNames } from '@server/modules/pay/repo';
import { channelLabel } from './channel-label';

export interface ReadyChannel {
  channel: PayChannelName;
  gateway: PayGateway;
}

/** The tenant's switched-on channels that this deployment can run and that are set up for it. */
export async function readyChannels(app: FastifyInstance, tenantId: string): Promise<ReadyChannel[]> {
  const names = (await enabledChannelNames(app.db, tenantId))
    .filter(isChannelName)
    .filter((name) => app.gateways.pay.available(name));
  const gateways = await Promise.all(names.map((name) => app.gateways.pay.forTenant(tenantId, name)));
  return names.flatMap((channel, i) => (gateways[i] ? [{ channel, gateway: gateways[i] }] : []));
}

/** A gateway's modes, its default first; a hosted checkout when it names none. */
export const modesOf = (gateway: PayGateway): readonly PayMode[] => gateway.modes ?? ['checkout'];

export function offersFor(ready: readonly ReadyChannel[], place: PayerPlace): PayOffer[] {
  return ready.flatMap(({ channel, gateway }): PayOffer[] => {
    const modes = modesOf(gateway);
    const here = modes.filter((mode) => MODE_PLACES[mode].includes(place));
    if (here.length === 0) return [{ ...channelLabel(channel), mode: modes[0]!, here: false }];
    return here.map((mode) => ({ ...channelLabel(channel), mode, here: true }));
  });
}
