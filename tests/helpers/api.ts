// A typed REST client for tests: the path is one of the documented paths (server/rest/routes.ts), the
// body is that procedure's input and the answer's `data` its output as JSON, read from the route table's
// types. `raw` sends anything (bad input, unknown paths, tRPC over HTTP) and answers `unknown`.
import type { Serialize } from '@trpc/server/unstable-core-do-not-import'
import type { Envelope } from '../../common/envelope'
import type { DocumentedRoute } from '../../server/rest/routes'
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../server/routers/app'

type Method = 'GET' | 'POST'
/** The documented paths a method may call ('ANY' routes answer both). */
export type RestPath<M extends Method = Method> = Extract<DocumentedRoute, { method: M | 'ANY' }>['path']
/** A documented path, or one with a query string (a GET's input travels there). */
type PathWithQuery<M extends Method> = RestPath<M> | `${RestPath<M>}${'' | '/'}?${string}`
type BasePath<P extends string> = P extends `${infer Base}?${string}` ? (Base extends `${infer B}/` ? B : Base) : P

/** The route of a path (of each path of a union); a literal path also finds a route declared through a template (`/tutor/orders/${category}`). */
type RouteAt<P extends string> = P extends string
  ? DocumentedRoute extends infer R
    ? R extends { path: infer RP }
      ? BasePath<P> extends RP
        ? R
        : never
      : never
    : never
  : never
type ProcedureAt<P extends string> = ReturnType<RouteAt<P>['pick']>
/** A key that accepts undefined may be left out (zod's preprocessed fields infer as required `unknown`). */
type OptionalUndefined<T> = T extends object
  ? { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
      [K in keyof T as undefined extends T[K] ? K : never]?: T[K]
    }
  : T
/** The procedure's input (what inferRouterInputs<AppRouter> gives for it). */
export type RestInput<P extends RestPath> = OptionalUndefined<Parameters<ProcedureAt<P>>[0]>
/** The procedure's output as it travels in JSON (what inferRouterOutputs<AppRouter> gives: the router has no transformer). */
export type RestOutput<P extends RestPath> = Serialize<Awaited<ReturnType<ProcedureAt<P>>>>

/** An `auth` envelope: `data` as the answer declares it (absent: null, as the server sends it). */
type AuthAnswer<O> = O extends { auth: infer A }
  ? 'data' extends keyof O
    ? undefined extends O['data']
      ? { data: Exclude<O['data'], undefined> | null; auth: A }
      : { data: O['data']; auth: A }
    : { data: null; auth: A }
  : never
/**
 * The envelope of a documented call. Tests check `status` (HTTP or envelope) first and then read
 * `data`, so `data` is typed as the success answer and `error`/`message` as the contract's failure;
 * a failed call answers `data` undefined at run time, which fails the test's next assertion anyway.
 */
export type RestReply<P extends RestPath> = (RouteAt<P>['envelope'] extends 'auth'
  ? AuthAnswer<RestOutput<P>>
  : { data: RestOutput<P> }) & {
  status: 'success' | Envelope['status']
  error?: Extract<Envelope, { status: 'fail' }>['error']
  message?: string
}

export interface HttpAnswer<J> {
  status: number
  headers: Headers
  text: string
  json: J
}

type RequestInit = { json?: unknown; form?: Record<string, string>; body?: BodyInit; headers?: Record<string, string> }

/** An HTTP client that keeps the session cookie like a browser. */
export class Client {
  cookies = new Map<string, string>()
  constructor(readonly base: string) {}

  /**
   * Any method, path and body (forms, multipart, tRPC over HTTP); `json` is null when the body is not JSON.
   * The answer is `unknown`: narrow it with `as RestReply<path>` / `as TrpcReply<procedure>` or read field errors with `fieldErrors`.
   */
  async request(method: string, path: string, init: RequestInit = {}): Promise<HttpAnswer<unknown>> {
    const headers = new Headers(init.headers)
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    let body: BodyInit | undefined = init.body
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    } else if (init.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded')
      body = new URLSearchParams(init.form).toString()
    }
    const res = await fetch(this.base + path, { method, headers, body, redirect: 'manual' })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const [name, ...value] = pair!.split('=')
      const v = value.join('=')
      if (v === '' || /max-age=0/i.test(c)) this.cookies.delete(name!.trim())
      else this.cookies.set(name!.trim(), v)
    }
    const text = await res.text()
    let json: unknown = null
    try {
      json = JSON.parse(text)
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, text, json }
  }

  /** Documented calls, typed: the path is a documented one, the body its procedure's input, `json` its envelope. */
  readonly api = {
    /** A documented GET (its input in the query string). */
    get: <P extends PathWithQuery<'GET'>>(path: P, headers?: Record<string, string>) =>
      this.request('GET', path, { headers }) as Promise<HttpAnswer<RestReply<BasePath<P>>>>,
    /** A documented POST with its procedure's input as the JSON body. */
    post: <P extends PathWithQuery<'POST'>>(
      path: P,
      ...[json, headers]: P extends `${string}?${string}` ? QueryPostArgs : PostArgs<BasePath<P>>
    ) => this.request('POST', path, { json: json ?? {}, headers }) as Promise<HttpAnswer<RestReply<BasePath<P>>>>,
  }
  /** The escape hatch for deliberately bad calls: any path, any body; the answer is an envelope of unknown data. */
  readonly raw = {
    get: (path: string, headers?: Record<string, string>) =>
      this.request('GET', path, { headers }) as Promise<HttpAnswer<RawReply>>,
    post: (path: string, json?: unknown, headers?: Record<string, string>) =>
      this.request('POST', path, { json: json ?? {}, headers }) as Promise<HttpAnswer<RawReply>>,
  }
}

/** A body-less procedure takes no body (or an empty one); an optional input or one of optional fields may be left out. */
// biome-ignore lint/suspicious/noConfusingVoidType: a procedure without input has the input type void
type PostArgs<P extends RestPath> = [RestInput<P>] extends [void | undefined]
  ? [json?: Record<string, never>, headers?: Record<string, string>]
  : undefined extends RestInput<P>
    ? [json?: NonNullable<RestInput<P>>, headers?: Record<string, string>]
    : // biome-ignore lint/complexity/noBannedTypes: `{} extends X` asks whether every field of X is optional
      {} extends RestInput<P>
      ? [json?: RestInput<P> | Record<string, never>, headers?: Record<string, string>]
      : [json: RestInput<P>, headers?: Record<string, string>]

/**
 * The field errors of a refused call (the contract's `{status:'fail', error:{field:[messages]}}`), read from
 * an answer typed `unknown` or as an envelope: throws (failing the test) when the answer carries no such map.
 */
export function fieldErrors(json: unknown): Record<string, string[]> {
  const error = (json as RawReply | null)?.error
  if (typeof error !== 'object' || error === null) throw new Error(`expected field errors, got ${JSON.stringify(json)}`)
  return error as Record<string, string[]>
}

type OutputAt<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? OutputAt<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never
/** The success answer of a tRPC-over-HTTP call (`/trpc/<procedure>`), to type a `raw` answer: `json as TrpcReply<'tutor.prices.get'>`. */
export type TrpcReply<P extends string> = { result: { data: OutputAt<inferRouterOutputs<AppRouter>, P> } }

/** A POST whose input travels in the query string (`set_read?type=…`) may carry no body, or the rest of the input. */
type QueryPostArgs = [json?: Record<string, unknown>, headers?: Record<string, string>]

/** What an arbitrary call may answer: the contract's envelope with data of unknown shape (or tRPC-over-HTTP's `result`). */
export type RawReply = {
  status: string
  data?: unknown
  auth?: unknown
  error?: unknown
  message?: string
  result?: unknown
}
