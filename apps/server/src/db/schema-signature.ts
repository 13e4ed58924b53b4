/**
 * Signatures: which fee items ask for one (and whether before or after payment), and each order's
 * confirmed signature (a trimmed PNG plus the pen strokes it was drawn with). The order's own
 * signature_status (schema-finance.ts) changes only through modules/signature/signature-status.ts.
 */
import type { SignatureStrokes } from '@cf/shared/wire/signature';
import { customType, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './schema';
import { feeItems, orders } from './schema-finance';

/** PostgreSQL bytea as a Buffer (pg answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export type SignatureTiming = 'before_pay' | 'after_pay';

/**
 * The flag on a fee item that it needs the payer's signature, and when. A row of its own rather
 * than columns of fee_items, so the signature area keeps all of its schema here.
 */
export const feeItemSignatures = pgTable('fee_item_signatures', {
  feeItemId: integer('fee_item_id')
    .primaryKey()
    .references(() => feeItems.id, { onDelete: 'cascade' }),
  tenantId: tenantId(),
  /** before_pay: the order cannot be paid until signed; after_pay: asked for once paid. */
  timing: text('timing').$type<SignatureTiming>().notNull().default('after_pay'),
  /** What the payer declares by signing, shown above the pad (the school's text, both languages). */
  declaration: text('declaration').notNull().default(''),
  declarationEn: text('declaration_en').notNull().default(''),
  createdAt: createdAt(),
});

/** An order's confirmed signature: written once (unique order), never replaced. */
export const orderSignatures = pgTable(
  'order_signatures',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    signerUserId: integer('signer_user_id'),
    signerOauthId: integer('signer_oauth_id'),
    png: bytea('png').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    strokes: jsonb('strokes').$type<SignatureStrokes>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_signatures_order').on(t.orderId),
    index('order_signatures_tenant').on(t.tenantId, t.createdAt),
  ],
);
