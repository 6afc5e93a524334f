// Domain errors: services throw these; the tRPC layer maps them to the contract's envelope in one
// place (server/trpc/errors.ts). No HTTP here.

export type DomainErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'wrong_status'
  | 'rate_limited'

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string = code,
  ) {
    super(message)
    this.name = 'DomainError'
  }
}

/** Field-level refusals (HTTP 422): `{field: [message, ...]}`; messages are i18n keys. */
export class FieldErrors extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super('field_errors')
    this.name = 'FieldErrors'
  }
}

/** Appends a message to a field's list, creating the list on first use. */
export function addFieldError(fields: Record<string, string[]>, field: string, message: string): void {
  const list = fields[field]
  if (list) list.push(message)
  else fields[field] = [message]
}

export const notFound = () => new DomainError('not_found')
export const forbidden = () => new DomainError('forbidden')
export const wrongStatus = () => new DomainError('wrong_status')

/** PostgreSQL's unique_violation (both drivers expose the SQLSTATE as `code`). */
export const isUniqueViolation = (err: unknown) =>
  !!err && typeof err === 'object' && (err as { code?: unknown }).code === '23505'

/**
 * Runs a find-or-create transaction again when a concurrent one inserted the same row first: the
 * second run finds the winner's row instead of answering 500 on the unique index.
 */
export async function retryOnUniqueViolation<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= tries) throw err
    }
  }
}
