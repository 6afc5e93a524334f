// The server's `trpc.….useQuery`: a render on the server never fetches — the page's loader put every
// answer the page shows into the render's query cache (server/ssr/loaders.ts) — so the hook only reads
// that cache and answers what react-query's own hook answers on its first, unmounted render (the
// result the browser's hydrating render starts from). tRPC's hook around react-query's (a proxy per
// property, option objects spread four times, a query observer built and thrown away) cost ~8 % of
// a catalogue page's CPU for nothing a render uses (docs/benchmarks.md#third-pass).
//
// What it must answer is react-query's `QueryObserver.createResult` for an observer with no listeners
// and no earlier result; tests/unit/server-queries.test.tsx renders both hooks over the same cache
// states and options and compares every field, so a react-query upgrade that changes them is caught.
// Everything other than `useQuery` (the provider, `createClient`, `useUtils`, mutations) is tRPC's own.
import { type Query, hashKey, useQueryClient } from '@tanstack/react-query'

/** The options a page passes to `useQuery` that shape the first render's result. */
interface ReadOptions {
  enabled?: boolean | ((query: Query) => boolean)
  staleTime?: number | 'static' | ((query: Query) => number | 'static')
  refetchOnMount?: boolean | 'always' | ((query: Query) => boolean | 'always')
  retryOnMount?: boolean
  placeholderData?: unknown
}

/** tRPC's top-level members that are not routers: they stay tRPC's own. */
const TRPC_MEMBERS = new Set([
  'Provider',
  'createClient',
  'useContext',
  'useUtils',
  'useQueries',
  'useSuspenseQueries',
  'useDehydratedState',
])

const resolve = <T>(value: T | ((query: Query) => T), query: Query): T =>
  typeof value === 'function' ? (value as (query: Query) => T)(query) : value

/** What a query nobody loaded reads as: react-query's first state without initial data (query.js getDefaultState). */
const MISSING = {
  state: {
    data: undefined,
    dataUpdateCount: 0,
    dataUpdatedAt: 0,
    error: null,
    errorUpdateCount: 0,
    errorUpdatedAt: 0,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: false,
    status: 'pending',
    fetchStatus: 'idle',
  },
  // With no data, react-query's isStaleByTime is true and isFetched false, whatever the time.
  isStaleByTime: () => true,
  isFetched: () => false,
}

/** Never called while rendering on the server; the browser's hook refetches. */
const noRefetch = () => Promise.reject(new Error('no refetch while rendering on the server'))

/** A query's key as tRPC makes it (`getQueryKey(procedure, input, 'query')`); the server's page loaders key their reads so too. */
export const queryKeyOf = (path: readonly string[], input: unknown): unknown[] => [
  path,
  input === undefined ? { type: 'query' } : { input, type: 'query' },
]

/** A procedure's node: its path, and the hash of its key without input (the page-wide reads), made once. */
interface Procedure {
  path: readonly string[]
  dotted: string
  bare?: { queryKey: unknown[]; queryHash: string }
}

function useCachedQuery(procedure: Procedure, input: unknown, opts: ReadOptions | undefined) {
  const client = useQueryClient()
  const { path, dotted } = procedure
  let queryKey: unknown[]
  let queryHash: string
  if (input === undefined) {
    if (!procedure.bare) {
      const key = queryKeyOf(path, undefined)
      procedure.bare = { queryKey: key, queryHash: hashKey(key) }
    }
    ;({ queryKey, queryHash } = procedure.bare)
  } else {
    queryKey = queryKeyOf(path, input)
    queryHash = hashKey(queryKey)
  }
  const cache = client.getQueryCache()
  const options: ReadOptions = { ...(client.getDefaultOptions().queries as ReadOptions), ...opts }
  // A read no loader made: react-query's hook adds it to the cache, pending; the page's state was
  // taken before the render, so only an option that is a function (handed the query) needs it built.
  const query = (cache.get(queryHash) ??
    (typeof options.enabled === 'function' ||
    typeof options.staleTime === 'function' ||
    typeof options.refetchOnMount === 'function'
      ? cache.build(client, { queryKey, queryHash })
      : MISSING)) as Query
  const enabled = resolve(options.enabled, query) !== false
  const { state } = query
  const staleTime = resolve(options.staleTime, query)
  const stale = enabled && query.isStaleByTime(staleTime as never)
  const refetchOnMount = resolve(options.refetchOnMount ?? true, query)
  // react-query's shouldFetchOnMount: a first load, or a refetch of stale data.
  const fetchOnMount =
    (enabled && state.data === undefined && !(state.status === 'error' && options.retryOnMount === false)) ||
    (state.data !== undefined &&
      enabled &&
      staleTime !== 'static' &&
      (refetchOnMount === 'always' || (refetchOnMount !== false && stale)))
  const fetchStatus = fetchOnMount ? 'fetching' : state.fetchStatus
  let status = fetchOnMount && state.data === undefined ? 'pending' : state.status
  const error = fetchOnMount && state.data === undefined ? null : state.error
  let data = state.data
  let isPlaceholderData = false
  if (options.placeholderData !== undefined && data === undefined && status === 'pending') {
    const placeholder =
      typeof options.placeholderData === 'function'
        ? (options.placeholderData as (previous: undefined, query: undefined) => unknown)(undefined, undefined)
        : options.placeholderData
    if (placeholder !== undefined) {
      status = 'success'
      data = placeholder
      isPlaceholderData = true
    }
  }
  const isFetching = fetchStatus === 'fetching'
  const isPending = status === 'pending'
  const isError = status === 'error'
  const isLoading = isPending && isFetching
  const hasData = data !== undefined
  return {
    status,
    fetchStatus,
    isPending,
    isSuccess: status === 'success',
    isError,
    isInitialLoading: isLoading,
    isLoading,
    data,
    dataUpdatedAt: state.dataUpdatedAt,
    error,
    errorUpdatedAt: state.errorUpdatedAt,
    failureCount: fetchOnMount ? 0 : state.fetchFailureCount,
    failureReason: fetchOnMount ? null : state.fetchFailureReason,
    errorUpdateCount: state.errorUpdateCount,
    isFetched: query.isFetched(),
    isFetchedAfterMount: false,
    isFetching,
    isRefetching: isFetching && !isPending,
    isLoadingError: isError && !hasData,
    isPaused: fetchStatus === 'paused',
    isPlaceholderData,
    isRefetchError: isError && hasData,
    isStale: stale,
    refetch: noRefetch,
    isEnabled: enabled,
    trpc: { path: dotted },
  }
}

/**
 * `hooks` (tRPC's `createTRPCReact()`) with every procedure's `useQuery` reading the render's cache.
 * A procedure's node is made once per path, not per property read as tRPC's proxy does.
 */
export function serverReadHooks<T extends object>(hooks: T): T {
  const nodes = new Map<string, unknown>()
  const real = (path: readonly string[]) =>
    path.reduce<Record<string, unknown>>((node, part) => node[part] as Record<string, unknown>, hooks as never)
  const node = (path: readonly string[]): unknown => {
    const dotted = path.join('.')
    const known = nodes.get(dotted)
    if (known) return known
    const procedure: Procedure = { path, dotted }
    // biome-ignore lint/correctness/noComponentHookFactories: one hook per procedure, made once and kept
    const useQuery = (input: unknown, opts?: ReadOptions) => useCachedQuery(procedure, input, opts)
    const made = new Proxy(() => {}, {
      get: (_, prop) => (prop === 'useQuery' ? useQuery : typeof prop === 'string' ? node([...path, prop]) : undefined),
      // Anything else (`.useMutation(…)`, `.getQueryKey`-style helpers): tRPC's own, on the same path.
      apply: (_, __, args) => (real(path) as unknown as (...a: unknown[]) => unknown)(...args),
    })
    nodes.set(dotted, made)
    return made
  }
  return new Proxy(hooks, {
    get: (target, prop, receiver) =>
      typeof prop !== 'string' || TRPC_MEMBERS.has(prop) ? Reflect.get(target, prop, receiver) : node([prop]),
  })
}
