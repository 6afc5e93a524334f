// Page reads that are the same on every page of an edition and language — the footer, the site blocks,
// the search form's lists: in production they are fetched through their procedures once per
// pageReadsTtl and copied into each page's query cache, so a render does not run four procedures for
// what it rendered a moment ago (docs/architecture.md#kept-reads). Outside production the TTL is 0 and
// every render asks, as before.
import { type QueryClient, type QueryKey, hashKey } from '@tanstack/react-query'
import type { Db } from '../../db/client'
import { keptReads, pageReadsTtl } from '../domain/shared/kept-reads'
import { escapeScriptJson } from './head'

const kept = keptReads<unknown>('page_queries', pageReadsTtl)
/** The answers handed to pages, and their JSON for a page's state once made (by identity: a new answer is a new object). */
const answers = new WeakSet<object>()
const answerJson = new WeakMap<object, string>()
/** react-query's hash of each kept read's key (its JSON sorted), by the key's JSON: the same few keys on every page. */
const queryHashes = new Map<string, string>()

/** What a server-side helper's `queryOptions()` gives: the query's key and the call of its procedure. */
export interface KeptQuery {
  queryKey: QueryKey
  queryFn?: unknown
}

/**
 * Puts the read's answer into `client` under its key: the kept one, else the procedure's (then kept).
 * `scope` names what the answer depends on beyond its key (edition and language). A failed read is
 * left to the page, as a prefetch leaves it (the browser asks again).
 */
export async function prefetchKept(client: QueryClient, db: Db, scope: string, query: KeptQuery): Promise<void> {
  const run = query.queryFn as () => Promise<unknown>
  try {
    const keyJson = JSON.stringify(query.queryKey)
    const data = await kept.get(db, `${scope} ${keyJson}`, run)
    if (typeof data === 'object' && data !== null) answers.add(data)
    let queryHash = queryHashes.get(keyJson)
    if (queryHash === undefined) {
      queryHash = hashKey(query.queryKey)
      if (queryHashes.size < 1000) queryHashes.set(keyJson, queryHash)
    }
    // setQueryData with the hash known. The server's query client keeps the object itself (no
    // structural sharing): the state finds it (keptAnswerJson).
    client.getQueryCache().build(client, { queryKey: query.queryKey, queryHash }).setData(data, { manual: true })
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
