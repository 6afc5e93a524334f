import { QueryClient } from '@tanstack/react-query'
import { httpBatchLink } from '@trpc/client'
import { trpc } from './trpc'

/** `retry: false` on the server: a page render never waits a retry's second (a missing tutor is a 404, not a flaky read). */
export function makeQueryClient(opts: { retry?: false } = {}) {
  return new QueryClient({
    defaultOptions: {
      // Server-prefetched data is fresh on hydration; no immediate refetch.
      queries: { staleTime: 30_000, retry: opts.retry ?? 1, refetchOnWindowFocus: false },
    },
  })
}

export function makeTrpcClient(baseUrl = '') {
  return trpc.createClient({ links: [httpBatchLink({ url: `${baseUrl}/trpc`, maxItems: 16 })] })
}
