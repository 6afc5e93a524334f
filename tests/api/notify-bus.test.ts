// server/notify.ts publishJson: a chat batch's events go out in one statement. Every payload must
// arrive, in order, as it was sent (quotes, backslashes, braces and non-Latin text survive the array
// parameter), on a listener of another connection (PostgreSQL) or in process (PGlite's local bus).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import postgres from 'postgres'
import type { DbHandle } from '../../db/client'
import { type Notifier, localNotifier, postgresNotifier } from '../../server/notify'
import { testDb } from '../helpers/db'
import { waitFor } from '../helpers/wait'

let handle: DbHandle & { url?: string }
let publisher: postgres.Sql | null = null
let listener: postgres.Sql | null = null
let bus: { pub: Notifier; sub: Notifier }

beforeAll(async () => {
  handle = await testDb()
  if (handle.url) {
    publisher = postgres(handle.url, { max: 2, onnotice: () => {} })
    listener = postgres(handle.url, { max: 1, onnotice: () => {} })
    bus = { pub: postgresNotifier(publisher), sub: postgresNotifier(listener) }
  } else {
    const local = localNotifier()
    bus = { pub: local, sub: local }
  }
})
afterAll(async () => {
  await publisher?.end()
  await listener?.end()
  await handle.close()
})

test('publishJson: every payload arrives once, in order, unchanged', async () => {
  const got: unknown[] = []
  const stop = await bus.sub.subscribe('bus_test', (p) => got.push(p))
  const payloads = [
    { kind: 'stored', text: 'a "quoted" {brace}, back\\slash' },
    {
      kind: 'messages',
      orders: [
        [1, 2],
        [3, 4],
      ],
    },
    { kind: 'stored', text: 'Привіт, світ — ünïcödé 👋' },
    ...Array.from({ length: 30 }, (_, i) => ({ n: i })),
  ]
  await bus.pub.publishJson(
    'bus_test',
    payloads.map((p) => JSON.stringify(p)),
  )
  await bus.pub.publishJson('bus_test', [JSON.stringify({ last: true })])
  await waitFor(() => got.length === payloads.length + 1)
  expect(got).toEqual([...payloads, { last: true }])
  await stop()
})
