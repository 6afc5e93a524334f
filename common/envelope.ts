// The contract's failure envelope (docs/contract.md): what a refused or failed call answers, over REST and
// inside a tRPC error's data. server/trpc/errors.ts builds it; the browser reads it (api-errors.ts).
export type Envelope =
  | { status: 'fail'; error: string | Record<string, string[]>; message?: string }
  | { status: 'error'; error: 'server_error' }
