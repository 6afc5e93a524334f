// The typed API client: every call is checked against the server's router type.
// On the server (no `window`) its `useQuery` hooks read what the page's loader put into the render's
// query cache (client/lib/server-queries.ts): a render never fetches, and tRPC's and react-query's
// hooks were ~8 % of a catalogue page's CPU (docs/benchmarks.md). The browser gets tRPC's own hooks.
import { createTRPCReact } from '@trpc/react-query'
import type { AppRouter } from '../../server/routers/app'
import { serverReadHooks } from './server-queries'

const hooks = createTRPCReact<AppRouter>()

/** `true` in the browser's bundle (vite.config.ts `define`): the server's hooks are left out of it. */
declare const __CLIENT_BUNDLE__: boolean
const onServer = typeof __CLIENT_BUNDLE__ === 'undefined' && typeof window === 'undefined'

export const trpc: typeof hooks = onServer ? serverReadHooks(hooks) : hooks
