/**
 * SMS and mail of each tenant. A school whose settings (tenant_providers, written by the tenant admin's
 * settings screen) name an API address sends through it, with its own token and sender; a school
 * without one sends through the deployment's provider (SMS_HTTP_* / MAIL_HTTP_*; demo mode without
 * them: the dev outbox), with its own sender when it set one. The deployment's token never goes to a
 * school's address.
 *
 * The settings row is read on every send (one indexed lookup beside the provider's network call), so a
 * change is in force for the next send in every API process; the adapter built from it is kept while
 * the row stays the same, and dropped when the settings are written (forget).
 */
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { tenantProviders, type ProviderSettingsRow } from '../db/schema-settings';
import { httpMail, httpSms, type HttpProvider } from './http-notify';
import { outboxMail, outboxSms } from './outbox';
import { assertPublicAddress, type Lookup } from './public-address';
import type { FetchLike, MailAccount, MailGateway, SmsAccount, SmsGateway } from './types';

type Kind = 'sms' | 'mail';

interface Resolved<A> {
  account: A;
  sender?: string;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/**
 * Resolves a tenant's account of one kind: `own` builds the adapter of a school's address,
 * `deployment` is the one the whole deployment shares.
 */
function tenantAccounts<A>(
  db: Db,
  kind: Kind,
  own: (provider: HttpProvider) => A,
  deployment: A,
): { resolve(tenantId: string): Promise<Resolved<A>>; forget(tenantId: string): void } {
  const kept = new Map<string, { fingerprint: string; account: A }>();
  return {
    async resolve(tenantId) {
      const [row] = await db
        .select({ settings: tenantProviders.settings })
        .from(tenantProviders)
        .where(and(eq(tenantProviders.tenantId, tenantId), eq(tenantProviders.kind, kind)));
      const settings: ProviderSettingsRow = row?.settings ?? {};
      const sender = text(settings.sender);
      const url = text(settings.httpUrl);
      if (!url) {
        kept.delete(tenantId);
        return { account: deployment, sender };
      }
      const token = text(settings.httpToken);
      const fingerprint = JSON.stringify([url, token]);
      let entry = kept.get(tenantId);
      if (entry?.fingerprint !== fingerprint) {
        entry = { fingerprint, account: own({ url, token }) };
        kept.set(tenantId, entry);
      }
      return { account: entry.account, sender };
    },
    forget: (tenantId) => void kept.delete(tenantId),
  };
}

export interface NotifyProviderDeps {
  config: Config;
  db: Db;
  fetchFn: FetchLike;
  /** Name resolution for the production check of schools' addresses (tests give their own). */
  lookup?: Lookup;
}

/** The deployment's SMS and mail accounts: its HTTP providers, or in demo mode without them the outbox. */
function deploymentAccounts({ config, db, fetchFn }: NotifyProviderDeps): {
  sms: SmsAccount;
  mail: MailAccount;
} {
  const { sms, mail } = config;
  // loadConfig refuses production without both provider URLs.
  const outbox = config.mode === 'demo';
  return {
    sms:
      sms.httpUrl || !outbox ? httpSms(fetchFn, { url: sms.httpUrl!, token: sms.httpToken }) : outboxSms(db),
    mail:
      mail.httpUrl || !outbox
        ? httpMail(fetchFn, { url: mail.httpUrl!, token: mail.httpToken })
        : outboxMail(db),
  };
}

export function createNotifyGateways(deps: NotifyProviderDeps): { sms: SmsGateway; mail: MailGateway } {
  const shared = deploymentAccounts(deps);
  // In production a school's own address must be https and public, checked before every send
  // (gateways/public-address.ts); the deployment's own addresses are the operator's and are trusted.
  const checked: FetchLike =
    deps.config.mode === 'production'
      ? async (url, init) => {
          await assertPublicAddress(String(url), deps.lookup);
          return deps.fetchFn(url, init);
        }
      : deps.fetchFn;
  const sms = tenantAccounts(deps.db, 'sms', (p) => httpSms(checked, p), shared.sms);
  const mail = tenantAccounts(deps.db, 'mail', (p) => httpMail(checked, p), shared.mail);
  return {
    sms: {
      async send(tenantId, phone, text) {
        const { account, sender } = await sms.resolve(tenantId);
        await account.send({ phone, text, sender });
      },
      forget: sms.forget,
    },
    mail: {
      async send(tenantId, to, subject, body) {
        const { account, sender } = await mail.resolve(tenantId);
        await account.send({ to, subject, body, sender });
      },
      forget: mail.forget,
    },
  };
}
