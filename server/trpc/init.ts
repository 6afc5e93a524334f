// tRPC instance: context, per-procedure meta (who may call it), and an error shape that carries the
// contract's envelope and never a stack or SQL.
import { TRPCError, initTRPC } from '@trpc/server'
import type { Context } from './context'
import { envelopeOf, normaliseError } from './errors'
import type { Access } from './access'

export interface Meta {
  access: Access
}

export const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    isDev: false,
    errorFormatter({ shape, error, ctx }) {
      const { httpStatus, body } = envelopeOf(error, ctx?.locale ?? 'en')
      const message = body.status === 'error' ? 'server_error' : typeof body.error === 'string' ? body.error : 'invalid'
      return { code: shape.code, message, data: { code: normaliseError(error).code, httpStatus, envelope: body } }
    },
  })

/** Whether any text in a parsed JSON/form value holds a NUL (PostgreSQL text cannot store one). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 32 || !value || typeof value !== 'object' || value instanceof Blob) return false
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1))
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1))
}

/**
 * Maps domain errors, field errors and zod input errors to their codes (next() returns, not throws).
 * Text never contains NUL (docs/contract.md): any such input is a 400 before a procedure reads it, so no
 * procedure half-writes a request and then fails in the database.
 */
export const baseProcedure = t.procedure.use(async ({ next, getRawInput }) => {
  if (containsNul(await getRawInput())) throw new TRPCError({ code: 'BAD_REQUEST', message: 'bad_request' })
  const result = await next()
  if (!result.ok) throw normaliseError(result.error)
  return result
})
