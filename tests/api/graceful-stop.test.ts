// A rolling restart (docs/deploy.md#restarts): two server processes on one PostgreSQL database, under
// steady load, with chat sockets on both. SIGTERM to one: it stops listening at once (a proxy sends new
// connections to the other — done here as nginx's `proxy_next_upstream error` does), its chat sockets
// close with 1001, a request already in flight (held on a table lock) still gets its answer, and the
// process exits 0. No request fails and no chat message is lost or stored twice.
// PostgreSQL only: two server processes cannot share an embedded database.
import { afterAll, describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import postgres from 'postgres'
import { type TestApp, startTestApp } from '../helpers/app'
import { chatParties, messageFrame, openSocket, query } from '../helpers/chat'
import { testDb } from '../helpers/db'
import { type ServerProcess, startServers } from '../helpers/server-process'
import { waitFor } from '../helpers/wait'

const onPostgres = Boolean(process.env.DATABASE_URL)
const cleanup: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

/** GET path on `first`; a connection it refuses goes to `second`, as a proxy's next-upstream rule does. */
async function throughProxy(first: string, second: string, path: string): Promise<number> {
  try {
    return (await fetch(`${first}${path}`)).status
  } catch {
    return (await fetch(`${second}${path}`)).status
  }
}

describe.skipIf(!onPostgres)('a server process stopping under load', () => {
  test('SIGTERM: stops listening, closes chat with 1001, answers what is in flight, exits 0; nothing lost', async () => {
    const h = await testDb()
    cleanup.push(() => h.close())
    const maker: TestApp = await startTestApp({ databaseUrl: h.url })
    cleanup.push(() => maker.close())
    const env = {
      DATABASE_URL: h.url!,
      SESSION_SECRET: maker.services.env.SESSION_SECRET!,
      SHUTDOWN_GRACE_MS: '15000',
    }
    const [a, b] = (await startServers(2, env, cleanup)) as [ServerProcess, ServerProcess]

    // The client chats through A, the tutor through B.
    const parties = await chatParties({ ...maker, url: a.url })
    const client = openSocket(a, query('client', parties.client.id, parties.orderId), parties.client.cookie)
    const tutor = openSocket(b, query('tutor', parties.tutor.id, parties.orderId), parties.tutor.cookie)
    await Promise.all([client.opened, tutor.opened])
    const text = 'Чи можна перенести заняття на четвер?'
    const frame = messageFrame(parties.orderId, {
      recipient: 'tutor',
      recipient_id: parties.tutor.id,
      msg_text: text,
    })
    const withId = {
      ...frame,
      data: { ...frame.data, msg_data: { ...frame.data.msg_data, client_msg_id: 'resched-1' } },
    }

    // Steady load on A (falling over to B), from four loops.
    const answers: number[] = []
    let loading = true
    const load = Array.from({ length: 4 }, async () => {
      while (loading) answers.push(await throughProxy(a.url, b.url, '/client/all_subjects'))
    })
    await waitFor(() => answers.length >= 40, { timeout: 30_000 })

    // A request held in flight on A: the cities table is locked until we let go.
    const locker = postgres(h.url!, { max: 1, onnotice: () => {} })
    let release!: () => void
    const released = new Promise<void>((r) => (release = r))
    cleanup.push(() => {
      release()
      return locker.end({ timeout: 1 })
    })
    const lockHeld = new Promise<void>((held) => {
      void locker.begin(async (tx) => {
        await tx`lock table cities in access exclusive mode`
        held()
        await released
      })
    })
    await lockHeld
    const inFlight = fetch(`${a.url}/client/all_cities`).then((r) => r.status)
    await waitFor(
      async () =>
        (await sql<{ n: number }>`select count(*)::int as n from pg_locks where not granted`.execute(maker.services.db))
          .rows[0]!.n > 0,
      { timeout: 10_000 },
    )

    client.send(withId)
    a.proc.kill('SIGTERM')

    // The socket on A closes with 1001 (going away); A takes no new connection.
    expect(await client.closed).toBe(1001)
    await waitFor(async () => !(await fetch(`${a.url}/healthz`).catch(() => null)), { timeout: 10_000 })
    expect(a.proc.exitCode).toBeNull() // still finishing the request in flight
    release()
    expect(await inFlight).toBe(200)
    expect(await a.proc.exited).toBe(0)

    // The client reconnects to B and sends again what it has no acknowledgement for, under the same id.
    const acked = client.frames.some((f) => f.data?.msg_data?.client_msg_id === 'resched-1')
    const again = openSocket(b, query('client', parties.client.id, parties.orderId), parties.client.cookie)
    await again.opened
    if (!acked) again.send(withId)
    await again.next((f) => f.data?.msg_data?.client_msg_id === 'resched-1', 10_000)
    await tutor.next((f) => f.data?.msg_data?.msg_text === text, 10_000)

    await waitFor(() => answers.length >= 120, { timeout: 30_000 })
    loading = false
    await Promise.all(load)
    again.ws.close()
    tutor.ws.close()

    expect(answers.filter((s) => s !== 200)).toEqual([])
    const stored = await maker.services.db
      .selectFrom('chat_messages')
      .select('msg_text')
      .where('order_id', '=', parties.orderId)
      .where('client_msg_id', '=', 'resched-1')
      .execute()
    expect(stored).toEqual([{ msg_text: text }])
    expect(tutor.frames.filter((f) => f.data?.msg_data?.msg_text === text)).toHaveLength(1)
  }, 180_000)
})
