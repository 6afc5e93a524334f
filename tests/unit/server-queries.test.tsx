// The server's `useQuery` (client/lib/server-queries.ts) answers what tRPC's and react-query's own hook
// answers on a server render, for every cache state and option a page can meet: the HTML rendered
// from it is what the browser's hydrating render (tRPC's hook over the same cache) expects.
import { describe, expect, test } from 'bun:test'
import { renderToString } from 'react-dom/server'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createTRPCReact, httpBatchLink } from '@trpc/react-query'
import type { AppRouter } from '../../server/routers/app'
import { serverReadHooks } from '../../client/lib/server-queries'
import { trpc } from '../../client/lib/trpc'
import { makeQueryClient } from '../../client/lib/query'

const hooks = createTRPCReact<AppRouter>()
const light = serverReadHooks(hooks)
// Never asked: a hook on the server does not fetch.
const trpcClient = hooks.createClient({ links: [httpBatchLink({ url: 'http://127.0.0.1:9/trpc' })] })

type Hooks = typeof hooks
type Read = (h: Hooks) => Record<string, unknown>

/** Reads a query with the given hooks and hands its result over. */
function Probe({ h, read, out }: { h: Hooks; read: Read; out: (result: Record<string, unknown>) => void }) {
  out(read(h))
  return null
}

/** The first render's result of `read` with `h`'s hooks over the query cache `prepare` leaves. */
function resultOf(h: Hooks, prepare: (client: QueryClient) => void, read: Read) {
  const client = makeQueryClient()
  prepare(client)
  let result: Record<string, unknown> = {}
  renderToString(
    <hooks.Provider client={trpcClient} queryClient={client}>
      <QueryClientProvider client={client}>
        <Probe h={h} read={read} out={(r) => (result = r)} />
      </QueryClientProvider>
    </hooks.Provider>,
  )
  return result
}

const CITIES_KEY = [['public', 'reference', 'allCities'], { type: 'query' }]
const TUTORS_INPUT = { lesson: 'mathematics', city: 'kyiv' }
const TUTORS_KEY = [['public', 'catalogue', 'tutors'], { input: TUTORS_INPUT, type: 'query' }]
const CITIES = [{ value: 'kyiv', label: 'Київ' }]
const cities: Read = (h) => h.public.reference.allCities.useQuery(undefined) as never
const tutorsWith =
  (opts: Record<string, unknown>): Read =>
  (h) =>
    h.public.catalogue.tutors.useQuery(TUTORS_INPUT as never, opts as never) as never

// One moment for both renders of a case (a fresh answer is stamped with it).
const NOW = Date.now()
const fresh = (key: unknown[], data: unknown) => (c: QueryClient) => c.setQueryData(key, data, { updatedAt: NOW })
const stale = (key: unknown[], data: unknown) => (c: QueryClient) =>
  c.setQueryData(key, data, { updatedAt: NOW - 3_600_000 })
const failed = (key: unknown[]) => (c: QueryClient) =>
  c
    .getQueryCache()
    .build(c, { queryKey: key })
    .setState({
      status: 'error',
      error: new Error('boom'),
      errorUpdatedAt: 1,
      errorUpdateCount: 1,
      fetchFailureCount: 1,
      fetchFailureReason: new Error('boom'),
    })
const nothing = () => {}

const cases: [string, (c: QueryClient) => void, Read][] = [
  ['fresh data, no input', fresh(CITIES_KEY, CITIES), cities],
  ['stale data, no input', stale(CITIES_KEY, CITIES), cities],
  ['nothing in the cache', nothing, cities],
  ['fresh data with input', fresh(TUTORS_KEY, { items: [] }), tutorsWith({})],
  ['stale data, refetchOnMount false', stale(TUTORS_KEY, { items: [] }), tutorsWith({ refetchOnMount: false })],
  ['fresh data, refetchOnMount always', fresh(TUTORS_KEY, { items: [] }), tutorsWith({ refetchOnMount: 'always' })],
  ['stale data, staleTime static', stale(TUTORS_KEY, { items: [] }), tutorsWith({ staleTime: 'static' })],
  ['stale data, staleTime from the query', stale(TUTORS_KEY, { items: [] }), tutorsWith({ staleTime: () => 1000 })],
  ['fresh data, disabled', fresh(TUTORS_KEY, { items: [] }), tutorsWith({ enabled: false })],
  ['nothing, disabled', nothing, tutorsWith({ enabled: false })],
  ['nothing, enabled by a function', nothing, tutorsWith({ enabled: () => true })],
  ['nothing, placeholder function', nothing, tutorsWith({ placeholderData: (previous: unknown) => previous })],
  ['nothing, placeholder value', nothing, tutorsWith({ placeholderData: { items: ['p'] } })],
  ['data and a placeholder', fresh(TUTORS_KEY, { items: [1] }), tutorsWith({ placeholderData: { items: ['p'] } })],
  ['a failed read', failed(TUTORS_KEY), tutorsWith({})],
  ['a failed read, retryOnMount false', failed(TUTORS_KEY), tutorsWith({ retryOnMount: false })],
  ['a failed read, disabled', failed(TUTORS_KEY), tutorsWith({ enabled: false })],
]

describe('the server render reads queries as react-query does', () => {
  for (const [name, prepare, read] of cases)
    test(name, () => {
      const theirs = resultOf(hooks, prepare, read)
      const ours = resultOf(light, prepare, read)
      // Every field of react-query's result but the functions (refetch, and the promise it makes on demand).
      const fields = Object.keys(theirs).filter((k) => typeof theirs[k] !== 'function' && k !== 'promise')
      expect(fields.length).toBeGreaterThan(20)
      for (const k of fields) expect({ [k]: ours[k] }).toEqual({ [k]: theirs[k] })
      expect(Object.keys(ours).sort()).toEqual(
        Object.keys(theirs)
          .filter((k) => k !== 'promise')
          .sort(),
      )
    })

  test('the app renders with these hooks on the server, and tRPC keeps the rest', () => {
    // client/lib/trpc.ts hands the server these hooks (no `window` here).
    expect(trpc.public.reference.allCities.useQuery).toBe(trpc.public.reference.allCities.useQuery)
    expect(typeof trpc.Provider).toBe('function')
    expect(typeof trpc.createClient).toBe('function')
    const data = resultOf(trpc as Hooks, fresh(CITIES_KEY, CITIES), cities)
    expect(data.data).toEqual(CITIES)
    expect(data.status).toBe('success')
  })
})
