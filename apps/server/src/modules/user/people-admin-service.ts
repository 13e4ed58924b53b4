/**
 * The finance office's people: search (ID and bank cards masked in lists), one person in full, and
 * edits (checked here, audited with what changed). Disabling an account is auth's (admin/users-routes.ts).
 * Called from ../admin/people-routes.ts, whose guard checks the finance role; no role check here.
 */
import { isLoosePhone } from '@cf/shared/validation';
import type { Person, PersonDetail, PersonUpdateBody } from '@cf/shared/wire/admin-people';
import type { FastifyRequest } from 'fastify';
import type { Db } from '@server/db/client';
import { audit } from '@server/http/audit';
import type { AuthContext } from '@server/http/context';
import { page, type PageQuery } from '@server/http/envelope';
import { badRequest, notFound } from '@server/http/errors';
import { maskIdCard, maskTail } from './mask';
import {
  findPersonForAdmin,
  searchPeople,
  updatePerson,
  type AccountJson,
  type AdminPersonRow,
  type AdminPersonType,
} from './people-admin-repo';

function personView(type: AdminPersonType, row: AdminPersonRow): Person {
  const accounts = (
    typeof row.accounts === 'string' ? JSON.parse(row.accounts) : row.accounts
  ) as AccountJson[];
  return {
    id: Number(row.id),
    personType: type,
    personNo: row.person_no,
    name: row.name,
    idCardMasked: maskIdCard(row.id_card) ?? '',
    major: row.major,
    className: row.class_name,
    startYear: row.start_year === null ? null : Number(row.start_year),
    department: row.department,
    phone: row.phone,
    accounts: accounts.map(({ bankCard, ...a }) => ({ ...a, bankCardMasked: maskTail(bankCard) })),
  };
}

export async function listPeople(
  db: Db,
  auth: AuthContext,
  type: AdminPersonType,
  keyword: string | undefined,
  q: PageQuery,
) {
  const { rows, total } = await searchPeople(db, auth.tenantId, type, keyword || undefined, q);
  return page(
    rows.map((row) => personView(type, row)),
    total,
    q,
  );
}

export async function personDetail(
  db: Db,
  auth: AuthContext,
  type: AdminPersonType,
  id: number,
): Promise<PersonDetail> {
  const row = await findPersonForAdmin(db, auth.tenantId, type, id);
  if (!row) throw notFound('admin.personNotFound');
  return { ...personView(type, row), idCard: row.id_card };
}

export async function editPerson(
  db: Db,
  req: FastifyRequest | null,
  auth: AuthContext,
  id: number,
  body: PersonUpdateBody,
): Promise<PersonDetail> {
  const type = body.personType;
  if (body.name !== undefined && body.name === '') throw badRequest('admin.nameRequired');
  if (body.phone && !isLoosePhone(body.phone)) throw badRequest('validate.phoneInvalid');
  const before = await findPersonForAdmin(db, auth.tenantId, type, id);
  if (!before || !(await updatePerson(db, auth.tenantId, type, id, body)))
    throw notFound('admin.personNotFound');
  const { personType: _type, ...fields } = body;
  await audit(db, req, {
    tenantId: auth.tenantId,
    userId: auth.userId,
    action: 'person.edit',
    detail: {
      personType: type,
      personId: id,
      changed: Object.keys(fields).filter((k) => fields[k as keyof typeof fields] !== undefined),
    },
  });
  return personDetail(db, auth, type, id);
}
