/**
 * The finance office's catalogue of comprehensive items: list (withdrawn ones too), create and edit.
 * Each kind's own rules: manual and enrolment items have a unit price (enrolment: one at a time), a
 * top-up has limits min <= max; form field keys are filled in and distinct.
 * Called from ../admin/fees-routes.ts, whose guard checks the role and writes the audit row.
 */
import { FEE_ITEM_KINDS, type AdminFeeItem, type FeeItemBody } from '@cf/shared/wire/admin-fees';
import type { Db } from '@server/db/client';
import type { AuthContext } from '@server/http/context';
import { page, type PageQuery } from '@server/http/envelope';
import { badRequest, notFound } from '@server/http/errors';
import {
  feeItemPage,
  insertFeeItem,
  updateFeeItem,
  type FeeItemKind,
  type FeeItemValues,
} from './fee-item-repo';
import { feeItemView, type FeeItemRow } from './views';

const isKind = (kind: string): kind is FeeItemKind => (FEE_ITEM_KINDS as readonly string[]).includes(kind);

const adminView = (row: FeeItemRow): AdminFeeItem => ({
  ...feeItemView(row),
  status: row.status,
  sort: row.sort,
  userTypes: row.userTypes,
});

export async function listCatalogue(
  db: Db,
  auth: AuthContext,
  filters: { kind?: FeeItemKind; status?: number; keyword?: string },
  q: PageQuery,
) {
  const { rows, total } = await feeItemPage(
    db,
    auth.tenantId,
    { ...filters, keyword: filters.keyword || undefined },
    q,
  );
  return page(rows.map(adminView), total, q);
}

/** The stored values of a body, after the kind's rules (400 with the rule's message otherwise). */
function valuesOf(body: FeeItemBody): FeeItemValues {
  if (!isKind(body.kind)) throw badRequest('admin.kindInvalid');
  if (!body.name) throw badRequest('admin.nameRequired');
  if (body.kind === 'topup') {
    if (body.minFen < 1 || body.maxFen < body.minFen) throw badRequest('admin.topupLimitsInvalid');
  } else if (body.priceFen < 1) throw badRequest('admin.priceRequired');
  const keys = body.formFields.map((f) => f.key);
  if (new Set(keys).size !== keys.length || body.formFields.some((f) => !f.label))
    throw badRequest('admin.formFieldsInvalid');
  return {
    kind: body.kind,
    name: body.name,
    nameEn: body.nameEn,
    description: body.description,
    descriptionEn: body.descriptionEn,
    priceFen: body.kind === 'topup' ? 0 : body.priceFen,
    maxQuantity: body.kind === 'manual' ? body.maxQuantity : 1,
    minFen: body.kind === 'topup' ? body.minFen : 0,
    maxFen: body.kind === 'topup' ? body.maxFen : 0,
    formFields: body.formFields,
    userTypes: [...new Set(body.userTypes)].join(','),
    schoolYear: body.schoolYear,
    status: body.status,
    sort: body.sort,
  };
}

export async function createCatalogueItem(db: Db, auth: AuthContext, body: FeeItemBody) {
  return adminView(await insertFeeItem(db, auth.tenantId, valuesOf(body)));
}

export async function editCatalogueItem(db: Db, auth: AuthContext, id: number, body: FeeItemBody) {
  const row = await updateFeeItem(db, auth.tenantId, id, valuesOf(body));
  if (!row) throw notFound('admin.feeItemNotFound');
  return adminView(row);
}
