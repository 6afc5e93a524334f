// A page's own read can fail two ways, and a visitor must be told which (docs/product.md, "Error
// catalogue"): the server refused it (not there, not theirs, a malformed address: the missing page's note), or
// it could not answer (a fault, a lost connection, too many requests: asked again twice, then "server error").

/** A tRPC error as a query sees it: its code when the server answered. */
export type QueryError = { data?: { code?: string } | null }

/** The server's answer that the thing is not there for this visitor, not a fault. */
export const isRefusal = (err: QueryError | null | undefined): boolean =>
  ['NOT_FOUND', 'FORBIDDEN', 'UNAUTHORIZED', 'BAD_REQUEST'].includes(err?.data?.code ?? '')

/** react-query's `retry` for a page's own read: a refusal at once, a fault after two more tries. */
export const retryFaults = (failures: number, err: QueryError): boolean => failures < 2 && !isRefusal(err)
