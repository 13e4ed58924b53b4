/**
 * A tenant's SMS and mail providers (the tenant admin's settings): the HTTP API address, the sender
 * and a bearer token. The token is write-only on the wire; replies say only whether it is set.
 */
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantId } from './schema';

export interface ProviderSettingsRow {
  httpUrl?: string;
  sender?: string;
  httpToken?: string;
  /** kind 'wechat-templates': the official account's template id of each message kind (issue 28). */
  templates?: Record<string, string>;
}

export const tenantProviders = pgTable(
  'tenant_providers',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** sms | mail | wechat-templates */
    kind: text('kind').notNull(),
    settings: jsonb('settings')
      .$type<ProviderSettingsRow>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tenant_providers_tenant_kind').on(t.tenantId, t.kind)],
);
