import { QueryClient } from '@tanstack/react-query'
import { httpBatchLink } from '@trpc/client'
import { trpc } from './trpc'

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Server-prefetched data is fresh on hydration; no immediate refetch.
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  })
}

export function makeTrpcClient(baseUrl = '') {
  return trpc.createClient({ links: [httpBatchLink({ url: `${baseUrl}/trpc`, maxItems: 16 })] })
}
