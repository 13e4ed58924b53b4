/**
 * Shapes of the fee replies (amounts in fen), shared by this feature's endpoints: the wire contract's
 * types (z.infer of @cf/shared/wire/fee and wire/order), imported as types only.
 */
export type { FormField } from '@cf/shared/form-fields';
export type { FeeItem, Receivable } from '@cf/shared/wire/fee';
export type { CreatedOrder } from '@cf/shared/wire/order';
