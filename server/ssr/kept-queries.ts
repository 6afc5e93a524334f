// Page reads that are the same on every page of an edition and language — the footer, the site blocks,
// the search form's lists: in production they are fetched through their procedures once per
// pageReadsTtl and copied into each page's query cache, so a render does not run four procedures for
// what it rendered a moment ago (docs/architecture.md#kept-reads). Outside production the TTL is 0 and
// every render asks, as before.
import { type QueryClient, type QueryKey, hashKey } from '@tanstack/react-query'
import { getQueryKey } from '@trpc/react-query'
import type { Db } from '../../db/client'
import { queryKeyOf } from '../../client/lib/server-queries'
import { keptReads, pageReadsTtl } from '../domain/shared/kept-reads'
import { escapeScriptJson } from './head'

const kept = keptReads<unknown>('page_queries', pageReadsTtl)

/** The answers handed to pages, and their JSON for a page's state once made (by identity: a new answer is a new object). */
const answers = new WeakSet<object>()
const answerJson = new WeakMap<object, string>()
/** What a server-side helper's `queryOptions()` gives: the query's key and the call of its procedure. */
export interface KeptQuery {
  queryKey: QueryKey
  queryFn?: unknown
}

/** A page-wide read: its query key, the key's JSON and react-query's hash of it, made once (module level). */
export interface KeptRead {
  queryKey: QueryKey
  keyJson: string
  queryHash: string
}

/** The read of a procedure asked without input (`trpc.public.site.footer`), as the browser's hooks key it. */
export function keptRead(procedure: Parameters<typeof getQueryKey>[0]): KeptRead {
  const queryKey = getQueryKey(procedure, undefined, 'query')
  return { queryKey, keyJson: JSON.stringify(queryKey), queryHash: hashKey(queryKey) }
}

/**
 * A procedure's query key and react-query's hash of it for an input, as the browser's hooks make them;
 * the procedure's path found once (tRPC's getQueryKey walks its proxy on every call: ~35 µs a key).
 */
export function inputRead(procedure: Parameters<typeof getQueryKey>[0]) {
  const [path] = getQueryKey(procedure, undefined, 'query')
  return (input: unknown): { queryKey: QueryKey; queryHash: string } => {
    const queryKey = queryKeyOf(path, input)
    return { queryKey, queryHash: hashKey(queryKey) }
  }
}

/** setQueryData with the key's hash made once (react-query's would hash the key again). */
export function putQuery(client: QueryClient, read: { queryKey: QueryKey; queryHash: string }, data: unknown) {
  client.getQueryCache().build(client, read).setData(data, { manual: true })
}

/**
 * Puts the read's answer into `client` under its key: the kept one, else the procedure's (then kept;
 * `ask` gives the server-side helper's options only then). `scope` names what the answer depends on
 * beyond its key (edition and language). A failed read is left to the page, as a prefetch leaves it
 * (the browser asks again).
 */
export async function prefetchKept(
  client: QueryClient,
  db: Db,
  scope: string,
  read: KeptRead,
  ask: () => KeptQuery,
): Promise<void> {
  try {
    const data = await kept.get(db, `${scope} ${read.keyJson}`, () => (ask().queryFn as () => Promise<unknown>)())
    if (typeof data === 'object' && data !== null) answers.add(data)
    // setQueryData with the hash known. The server's query client keeps the object itself (no
    // structural sharing): the state finds it (keptAnswerJson).
    putQuery(client, read, data)
  } catch {
    // As prefetchQuery: no answer in the state, the browser's query asks.
  }
}

/**
 * The JSON of a kept answer as a page's state holds it (escaped for a <script>, server/ssr/head.ts),
 * made once per answer object: the footer, the site blocks and the search lists are most of a page's
 * state besides its own data, and the same on every page while they are kept.
 */
export function keptAnswerJson(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !answers.has(data)) return undefined
  let json = answerJson.get(data)
  if (json === undefined) {
    json = escapeScriptJson(JSON.stringify(data))
    answerJson.set(data, json)
  }
  return json
}
