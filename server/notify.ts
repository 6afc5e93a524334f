// Cross-process fan-out for chat and notifications. On a PostgreSQL server it is LISTEN/NOTIFY, so
// several server processes sharing one DATABASE_URL reach each other's sockets; embedded PGlite is
// one process, where an in-process bus is the same thing.
import type postgres from 'postgres'

type Handler = (payload: unknown) => void

export interface Notifier {
  publish(channel: string, payload: unknown): Promise<void>
  subscribe(channel: string, handler: Handler): Promise<() => Promise<void>>
}

export function localNotifier(): Notifier {
  const handlers = new Map<string, Set<Handler>>()
  return {
    async publish(channel, payload) {
      for (const h of handlers.get(channel) ?? []) queueMicrotask(() => h(payload))
    },
    async subscribe(channel, handler) {
      const set = handlers.get(channel) ?? new Set()
      set.add(handler)
      handlers.set(channel, set)
      return async () => void set.delete(handler)
    },
  }
}

export function postgresNotifier(sql: postgres.Sql): Notifier {
  return {
    async publish(channel, payload) {
      await sql.notify(channel, JSON.stringify(payload))
    },
    async subscribe(channel, handler) {
      const sub = await sql.listen(channel, (text) => handler(JSON.parse(text)))
      return () => sub.unlisten()
    },
  }
}
