// Cross-process fan-out for chat and notifications. On a PostgreSQL server it is LISTEN/NOTIFY, so
// several server processes sharing one DATABASE_URL reach each other's sockets; embedded PGlite is
// one process, where an in-process bus is the same thing.
import type postgres from 'postgres'

type Handler = (payload: unknown) => void

export interface Notifier {
  publish(channel: string, payload: unknown): Promise<void>
  /** Several payloads in one statement (one round trip), delivered in this order. */
  publishAll(channel: string, payloads: unknown[]): Promise<void>
  /**
   * `onListen` is called each time the subscription is (re)established: after the first call, events
   * published while the listening connection was down are lost (a subscriber reads what it missed).
   */
  subscribe(channel: string, handler: Handler, onListen?: () => void): Promise<() => Promise<void>>
}

export function localNotifier(): Notifier {
  const handlers = new Map<string, Set<Handler>>()
  return {
    async publish(channel, payload) {
      for (const h of handlers.get(channel) ?? []) queueMicrotask(() => h(payload))
    },
    async publishAll(channel, payloads) {
      for (const payload of payloads) await this.publish(channel, payload)
    },
    async subscribe(channel, handler, onListen) {
      onListen?.()
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
    async publishAll(channel, payloads) {
      if (payloads.length === 1) return this.publish(channel, payloads[0])
      // pg_notify in array order within one transaction: delivered in that order at its commit.
      if (payloads.length) await sql`select count(pg_notify(${channel}, p)) from unnest(${payloads.map((p) => JSON.stringify(p))}::text[]) as t(p)`
    },
    async subscribe(channel, handler, onListen) {
      const sub = await sql.listen(channel, (text) => handler(JSON.parse(text)), onListen)
      return () => sub.unlisten()
    },
  }
}
