// The one place where failures become the contract's envelope:
//   401 unauthorized · 403 "forbidden" · 404 "not_found" · 409 "wrong_status" · 422 {field: [msg]}
//   429 "rate_limited" · 400 bad input · 500 {"status":"error","error":"server_error"} (logged, never sent)
import { TRPCError } from '@trpc/server'
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc'
import { translate } from '../../i18n/keys'
import type { Locale } from '../../common/editions'
import { DomainError, type DomainErrorCode, FieldErrors, addFieldError } from '../../common/errors'
import { BAD_REQUEST_ISSUE } from '../../common/validators'
import type { Envelope } from '../../common/envelope'

export const CODE_OF: Record<DomainErrorCode, TRPC_ERROR_CODE_KEY> = {
  bad_request: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  wrong_status: 'CONFLICT',
  rate_limited: 'TOO_MANY_REQUESTS',
}

const HTTP_OF: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  BAD_REQUEST: 400,
  PARSE_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
}

const ERROR_WORD: Partial<Record<TRPC_ERROR_CODE_KEY, string>> = {
  BAD_REQUEST: 'bad_request',
  PARSE_ERROR: 'bad_request',
  UNAUTHORIZED: 'unauthorized',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'not_found',
  METHOD_NOT_SUPPORTED: 'method_not_allowed',
  CONFLICT: 'wrong_status',
  PAYLOAD_TOO_LARGE: 'payload_too_large',
  TOO_MANY_REQUESTS: 'rate_limited',
}

interface ZodLikeIssue {
  path: PropertyKey[]
  message: string
}
function isZodLike(err: unknown): err is { issues: ZodLikeIssue[] } {
  return !!err && typeof err === 'object' && Array.isArray((err as { issues?: unknown }).issues)
}

/** Field map from a zod error or FieldErrors: `{field: [message, ...]}` in the reader's language. */
export function fieldMap(cause: unknown, locale: Locale): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  const add = (field: string, message: string) => addFieldError(out, field, translate(locale, message))
  if (cause instanceof FieldErrors) for (const [f, ms] of Object.entries(cause.fields)) for (const m of ms) add(f, m)
  else if (isZodLike(cause))
    for (const issue of cause.issues) add(issue.path.map(String).join('.') || '_', issue.message)
  return out
}

/** Converts what a procedure threw into the TRPCError that carries the right code. */
export function normaliseError(error: TRPCError): TRPCError {
  const cause = error.cause
  if (cause instanceof DomainError) return new TRPCError({ code: CODE_OF[cause.code], message: cause.message, cause })
  if (cause instanceof FieldErrors) return new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: 'invalid', cause })
  // A malformed id or page (zId, zPage) makes the whole request a 400, not a field's 422 (docs/contract.md).
  if (error.code === 'BAD_REQUEST' && isZodLike(cause) && cause.issues.some((i) => i.message === BAD_REQUEST_ISSUE))
    return new TRPCError({ code: 'BAD_REQUEST', message: 'bad_request', cause })
  if (error.code === 'BAD_REQUEST' && isZodLike(cause))
    return new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: 'invalid', cause })
  return error
}

export type { Envelope }

export function envelopeOf(error: TRPCError, locale: Locale): { httpStatus: number; body: Envelope } {
  const e = normaliseError(error)
  const httpStatus = HTTP_OF[e.code] ?? 500
  if (httpStatus === 500) return { httpStatus, body: { status: 'error', error: 'server_error' } }
  if (e.code === 'UNPROCESSABLE_CONTENT')
    return { httpStatus, body: { status: 'fail', error: fieldMap(e.cause, locale) } }
  const word = ERROR_WORD[e.code] ?? 'bad_request'
  // A readable message where the domain gave one (an i18n key), beside the stable error word.
  const message =
    e.message && e.message !== word
      ? translate(locale, e.message.startsWith('@') ? e.message : `@${e.message}`)
      : undefined
  return {
    httpStatus,
    body:
      message && !message.startsWith('@') ? { status: 'fail', error: word, message } : { status: 'fail', error: word },
  }
}
