// The chat's hot reads keep index plans whatever the statistics (docs/benchmarks.md#chat, "One write a turn, plans
// that keep for good, the order index"). Each statement of CHAT_READS is prepared under KEEP_INDEX_PLANS against
// EMPTY, freshly analysed copies of chat_messages and chat_send_windows (a schema of its own, first on the search
// path), which is when a kept plan used to go wrong: the delivery read became a hash join over the whole table, and
// "the highest id of an order" a walk back along the primary key from the newest message of all orders. The plan
// made there must read the order index (or the unique key) and nothing else. Runs on PGlite and, with DATABASE_URL,
// on PostgreSQL.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import type { DbHandle } from '../../db/client'
import { CHAT_READS, KEEP_INDEX_PLANS } from '../../server/domain/chat/messages'
import { testDb } from '../helpers/db'

let handle: DbHandle

beforeAll(async () => {
  handle = await testDb()
})
afterAll(() => handle?.close())

const params: Record<keyof typeof CHAT_READS, { types: string; args: string }> = {
  batchOrders: { types: 'text, text', args: `'{1,2}', 'ua'` },
  batchStored: { types: 'text', args: `'[{"sender":"client","sender_id":1,"client_msg_id":"a"}]'` },
  batchWindows: { types: 'text, int', args: `'{s:client:1,o:1}', 10` },
  newMessages: { types: 'text, int', args: `'[{"o":1,"l":0},{"o":2,"l":5}]', 2000` },
}

/**
 * The generic plan PostgreSQL keeps for the statement, made on the empty copies (vacuumed and analysed, as the
 * chat benchmark leaves its tables before a run). One connection; its schema and settings are removed after.
 */
async function keptPlan(name: keyof typeof CHAT_READS): Promise<string> {
  return handle.db.connection().execute(async (conn) => {
    const run = (text: string) => sql.raw<Record<string, string>>(text).execute(conn)
    await run('drop schema if exists chat_plan_probe cascade')
    await run('create schema chat_plan_probe')
    try {
      await run('create table chat_plan_probe.chat_messages (like public.chat_messages including all)')
      await run('create table chat_plan_probe.chat_send_windows (like public.chat_send_windows including all)')
      await run('vacuum analyze chat_plan_probe.chat_messages, chat_plan_probe.chat_send_windows')
      await run("select set_config('search_path', 'chat_plan_probe, public', false)")
      // KEEP_INDEX_PLANS sets its two settings for a transaction; here, for the probe's session.
      await run(KEEP_INDEX_PLANS.replaceAll(', true)', ', false)'))
      await run(`prepare chat_plan_probe_stmt (${params[name].types}) as ${CHAT_READS[name].text}`)
      const plan = await run(`explain execute chat_plan_probe_stmt (${params[name].args})`)
      return plan.rows.map((r) => r['QUERY PLAN']).join('\n')
    } finally {
      await run('deallocate all')
      await run('reset search_path')
      await run('reset plan_cache_mode')
      await run('reset enable_seqscan')
      await run('drop schema chat_plan_probe cascade')
    }
  })
}

describe('the chat reads keep index plans made on an empty table', () => {
  test("the batch's order read: the order index for the last id, never a scan or the primary key", async () => {
    const plan = await keptPlan('batchOrders')
    expect(plan).toContain('chat_messages_order_id_id_idx')
    expect(plan).not.toContain('Seq Scan')
    expect(plan).not.toContain('chat_messages_pkey')
  })

  test("the batch's stored client_msg_ids and rate counters: their unique keys", async () => {
    const stored = await keptPlan('batchStored')
    expect(stored).toContain('chat_messages_sender_sender_id_client_msg_id_idx')
    expect(stored).not.toContain('Seq Scan')
    const windows = await keptPlan('batchWindows')
    expect(windows).toContain('chat_send_windows_pkey')
    expect(windows).not.toContain('Seq Scan')
  })

  test('delivery: one range of the order index per room, no join over the table', async () => {
    const plan = await keptPlan('newMessages')
    expect(plan).toContain('chat_messages_order_id_id_idx')
    expect(plan).not.toMatch(/Seq Scan|Hash Join|chat_messages_pkey/)
  })
})
