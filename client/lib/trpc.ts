// The typed API client: every call is checked against the server's router type.
import { createTRPCReact } from '@trpc/react-query'
import type { AppRouter } from '../../server/routers/app'

export const trpc = createTRPCReact<AppRouter>()
