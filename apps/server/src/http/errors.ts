/** Errors a person can read: a message key of packages/shared, its params and the HTTP status. */
import type { MessageKey, MessageParams } from '@cf/shared/messages';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
    /** Blade body code; defaults to the HTTP status. */
    readonly code: number = status,
  ) {
    super(messageKey);
  }
}

export const badRequest = (key: MessageKey, params?: MessageParams) => new AppError(400, key, params);
export const unauthorized = (key: MessageKey = 'auth.unauthorized') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'auth.forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'common.notFound', params?: MessageParams) =>
  new AppError(404, key, params);
export const tooMany = (key: MessageKey = 'common.tooManyRequests', params?: MessageParams) =>
  new AppError(429, key, params);

/** The token endpoint: every error it answers is `{error_code, error_description}` (see OAuthError). */
export const TOKEN_ENDPOINT = '/api/blade-auth/oauth/token';

/**
 * Errors of the token endpoint: BladeX answers them as `{error_code, error_description}`
 * rather than in the Blade envelope.
 */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
  ) {
    super(messageKey);
  }
}
