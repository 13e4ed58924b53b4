/**
 * The walls in front of every salary read: a staff member (bound to an employee of the tenant) who
 * proved their finance-reserved phone in the last 15 minutes on this session (verify-phone,
 * purpose 'salary'). A student, an outsider or a visitor is refused whatever they prove.
 */
import type { FastifyRequest } from 'fastify';
import { SALARY_VERIFY_HEADER } from '@cf/shared/salary';
import { forbidden } from '@server/http/errors';
import { findCallerPerson } from '../fee/person';
import type { UserCtx } from '../user/context';
import { callerRow, reservedPhone } from '../user/step-up-service';
import { readVerifyToken } from '../user/verify-token';

/** The employee whose pay the caller may read. */
export interface Payee {
  tenantId: string;
  employeeId: number;
}

export async function requirePayee(ctx: UserCtx, req: FastifyRequest): Promise<Payee> {
  const person = await findCallerPerson(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  if (!person || person.type !== 'employee') throw forbidden('salary.staffOnly');
  const header = req.headers[SALARY_VERIFY_HEADER];
  const token = typeof header === 'string' ? header.trim() : '';
  // 403, not 401: the session stays; the app asks for the phone proof again.
  const refused = () => forbidden('salary.verifyRequired');
  if (!token) throw refused();
  const proof = await readVerifyToken(ctx.config, token);
  const user = await callerRow(ctx);
  if (
    !proof ||
    proof.purpose !== 'salary' ||
    proof.tenantId !== ctx.auth.tenantId ||
    proof.userId !== ctx.auth.userId ||
    proof.sessionId !== ctx.auth.sessionId ||
    proof.phone !== (reservedPhone(user) ?? '')
  )
    throw refused();
  return { tenantId: ctx.auth.tenantId, employeeId: person.id };
}
