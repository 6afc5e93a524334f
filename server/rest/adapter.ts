// A documented REST path → the same procedure a typed client calls, through createCaller.
// Answers in the contract's envelope with the contract's HTTP statuses.
import { TRPCError } from '@trpc/server'
import { createCaller } from '../routers/app'
import type { Context } from '../trpc/context'
import { envelopeOf } from '../trpc/errors'
import { errorFields } from '../log'
import type { Params } from './params'

export type Caller = ReturnType<typeof createCaller>
type Procedure = (input: never) => Promise<unknown>

export interface Route {
  method: 'GET' | 'POST' | 'ANY'
  path: string
  pick: (api: Caller) => Procedure
  /** 'auth': the procedure answers {auth, data?}; both go to the top of the envelope. */
  envelope: 'data' | 'auth'
  /** Custom answer (files, exports): the procedure's output is already a Response. */
  raw?: boolean
  /** The body is handed over unread, as `{body: Uint8Array, headers}` (providers' signed notifications). */
  rawBody?: boolean
  /** The JSON text of the output, where it can be made faster than JSON.stringify (catalogue cards). */
  json?: (out: never) => string
}

type Opts = Partial<Pick<Route, 'envelope' | 'raw' | 'json' | 'rawBody'>>

/** A route that keeps, for the types only, its literal path and its procedure: a typed REST client
 * (tests/helpers/api.ts) reads the input and output of each documented path from them. */
export interface TypedRoute<M extends Route['method'], P extends string, F extends Procedure, O extends Opts>
  extends Route {
  method: M
  path: P
  pick: (api: Caller) => F
  envelope: O['envelope'] extends 'auth' ? 'auth' : 'data'
  raw?: O['raw'] extends true ? true : false
}
const route =
  <M extends Route['method']>(method: M) =>
  <P extends string, F extends Procedure, const O extends Opts = Record<never, never>>(
    path: P,
    pick: (api: Caller) => F,
    o?: O,
  ) =>
    ({ method, path, pick, envelope: 'data', ...o }) as TypedRoute<M, P, F, O>
export const get = route('GET')
export const post = route('POST')
export const any = route('ANY')

export function json(body: unknown, status = 200, headers?: Headers): Response {
  return jsonText(JSON.stringify(body), status, headers)
}

export function jsonText(text: string, status = 200, headers?: Headers): Response {
  const h = headers ?? new Headers()
  h.set('content-type', 'application/json; charset=utf-8')
  h.set('cache-control', 'no-store')
  return new Response(text, { status, headers: h })
}

export async function runRoute(route: Route, ctx: Context, params: Params, resHeaders: Headers): Promise<Response> {
  try {
    const procedure = route.pick(createCaller(ctx))
    const out = await procedure(params as never)
    if (route.raw && out instanceof Response) return out
    if (route.envelope === 'auth') {
      const { auth, data } = out as { auth: unknown; data?: unknown }
      return json({ status: 'success', data: data ?? null, auth }, 200, resHeaders)
    }
    if (route.json && out) return jsonText(`{"status":"success","data":${route.json(out as never)}}`, 200, resHeaders)
    return json({ status: 'success', data: out ?? null }, 200, resHeaders)
  } catch (err) {
    const error = err instanceof TRPCError ? err : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: err })
    const { httpStatus, body } = envelopeOf(error, ctx.locale)
    if (httpStatus >= 500)
      ctx.log.error('procedure failed', {
        requestId: ctx.requestId,
        path: route.path,
        ...errorFields(error.cause ?? error),
      })
    return json(body, httpStatus, resHeaders)
  }
}
