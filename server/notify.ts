// Cross-process fan-out for chat and notifications. On a PostgreSQL server it is LISTEN/NOTIFY, so
// several server processes sharing one DATABASE_URL reach each other's sockets; embedded PGlite is
// one process, where an in-process bus is the same thing.
import type postgres from 'postgres'

type Handler = (payload: unknown) => void

export interface Notifier {
  publish(channel: string, payload: unknown): Promise<void>
  /**
   * Several payloads, each already JSON text, in one statement (one round trip), delivered in this
   * order. The caller serialises each payload once (it usually measured it against NOTIFY's size cap).
   */
  publishJson(channel: string, texts: string[]): Promise<void>
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
    async publishJson(channel, texts) {
      for (const text of texts) await this.publish(channel, JSON.parse(text))
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
    async publishJson(channel, texts) {
      if (texts.length === 1) await sql.notify(channel, texts[0]!)
      // pg_notify in array order within one transaction: delivered in that order at its commit. The texts
      // travel as one JSON array (a json value keeps each element's text as written; a text[] parameter
      // would be escaped character by character).
      else if (texts.length)
        await sql`select count(pg_notify(${channel}, e::text)) from json_array_elements(cast(cast(${`[${texts.join(',')}]`} as text) as json)) as t(e)`
    },
    async subscribe(channel, handler, onListen) {
      const sub = await sql.listen(channel, (text) => handler(JSON.parse(text)), onListen)
      return () => sub.unlisten()
    },
  }
}
