// tRPC instance: context, per-procedure meta (who may call it), and an error shape that carries the
// contract's envelope and never a stack or SQL.
import { initTRPC } from '@trpc/server'
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

/** Maps domain errors, field errors and zod input errors to their codes (next() returns, not throws). */
export const baseProcedure = t.procedure.use(async ({ next }) => {
  const result = await next()
  if (!result.ok) throw normaliseError(result.error)
  return result
})
