// Order chat messages: store, read back as frames, soft delete, read marks. A message is stored (and
// committed) before anything is published, so every frame a socket receives names a stored row.
// Publishing goes over the cross-process bus (server/notify.ts) with the rows where they fit in a
// NOTIFY payload (capped at 8000 bytes), else with the ids: each process delivers to its own sockets.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { jsonb } from '../../../db/jsonb'
import type { Notifier } from '../../notify'
import type { Executor } from '../shared/audit'
import { notify } from '../orders/notifications'
import type { Identity } from '../auth/sessions'
import { type ChatAuthor, type ChatRole, isParty, recipientFor, visibleTo } from './parties'
import { type PipelinedTx, type TxRunner, kyselyTxRunner } from '../../../db/pipeline'
import { type Row, columns, statement } from '../../../db/typed-sql'

export type ChatMessageRow = Row<'chat_messages'>

/** The bus channel of every order chat event. */
export const CHAT_CHANNEL = 'order_chat'

/** Frame types (data.type): 0 a message (the contract's), 1 a message deleted, 2 messages read (ours). */
export const FRAME_MESSAGE = 0
export const FRAME_DELETED = 1
export const FRAME_READ = 2

export type ChatEvent =
  | { kind: 'message'; order_id: number; id: number }
  /** Several orders' new messages at once: [order id, highest new id]. */
  | { kind: 'messages'; orders: [orderId: number, id: number][] }
  /** New messages with their rows: each order's rows are all of its rows above `after`. */
  | { kind: 'stored'; orders: StoredRows[] }
  | { kind: 'deleted'; order_id: number; id: number }
  | { kind: 'read'; order_id: number; ids: number[] }

/** Where an attached file is read: the order's parties and staff only (see media.ts). */
export const mediaUrl = (messageId: number) => `/api/chat/media?id=${messageId}`

interface StoredMedia {
  key: string
  name: string
  type: string
  size: number
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString())

/** The contract's msg_data of a stored message (media without its storage key). */
export function messageData(m: ChatMessageRow) {
  const media = m.media as StoredMedia | null
  return {
    sender: m.sender,
    sender_id: m.sender_id ?? 0,
    recipient: m.recipient,
    recipient_id: m.recipient_id ?? 0,
    auto_msg: m.auto_msg,
    order_id: m.order_id,
    msg_text: m.msg_text,
    id: m.id,
    created_at: iso(m.created_at)!,
    read_at: iso(m.read_at),
    media: media ? { url: mediaUrl(m.id), name: media.name, type: media.type, size: media.size } : null,
    client_msg_id: m.client_msg_id ?? null,
  }
}

export const successFrame = (msgService: number, type: number, msgData: unknown) =>
  JSON.stringify({ status: 'success', data: { msg_service: msgService, type, msg_data: msgData } })

export const messageFrame = (m: ChatMessageRow) => successFrame(m.msg_service, FRAME_MESSAGE, messageData(m))

export interface NewMessage {
  order_id: number
  sender: ChatRole
  sender_id: number
  recipient: ChatRole
  recipient_id: number | null
  msg_text: string
  msg_service?: number
  auto_msg?: boolean
  media?: StoredMedia | null
  /** The sender's own id of the message (1–64 characters): stored once per sender. */
  client_msg_id?: string | null
}

/** Advisory lock classes (two-key form; auth/throttle.ts uses 1 and 2). */
const LOCK_CHAT_ORDER = 0x63680001
const LOCK_CHAT_SENDER = 0x63680002
const ROLE_KEY = { client: 0, tutor: 1, admin: 2, system: 3 } as const

/**
 * Messages of one order are stored one at a time (a transaction-scoped lock taken before the id is
 * drawn), so within an order ids become visible in id order: a reader that has seen id N never later
 * finds a new row of that order below N. Delivery and catch-up read "id > last" on that promise.
 */
async function lockOrder(trx: Executor, orderId: number) {
  await sql`select pg_advisory_xact_lock(${LOCK_CHAT_ORDER}::int, ${orderId}::int)`.execute(trx)
}

/**
 * Stores a message; a client's message also leaves the staff a new_chat_from_client notification
 * (one unread per order: more messages do not pile up more bells).
 */
export async function storeMessage(db: Db, m: NewMessage): Promise<ChatMessageRow> {
  return db.transaction().execute(async (trx) => {
    await lockOrder(trx, m.order_id)
    const row = await trx
      .insertInto('chat_messages')
      .values({
        order_id: m.order_id,
        sender: m.sender,
        sender_id: m.sender_id,
        recipient: m.recipient,
        recipient_id: m.recipient_id,
        msg_text: m.msg_text,
        msg_service: m.msg_service ?? 0,
        auto_msg: m.auto_msg ?? false,
        media: m.media ? jsonb(m.media) : null,
        client_msg_id: m.client_msg_id ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    if (m.sender === 'client') await notifyStaffOfClientMessage(trx, row)
    return row
  })
}

/**
 * The first statement of a transaction whose statements are lookups by key (storeSocketBatch,
 * newMessages): each keeps the generic plan it gets first, and with sequential scans off (this
 * transaction only) that plan is the index lookup whatever the table's statistics were when it was made.
 */
export const KEEP_INDEX_PLANS =
  "select set_config('plan_cache_mode', 'force_generic_plan', true), set_config('enable_seqscan', 'off', true)"

const ORDER_COLUMNS = ['id', 'client_id', 'tutor_id', 'personal_tutor_id'] as const

/** An order as the batch reads it, with its highest message id (null without messages). */
type BatchOrder = Pick<Row<'orders'>, (typeof ORDER_COLUMNS)[number]> & { top: Row<'chat_messages'>['id'] | null }

/**
 * The reads run under KEEP_INDEX_PLANS (tests/api/chat-plans.test.ts checks their plans on an empty table).
 * batchOrders: each order (this edition, not deleted) with its highest message id, read as the last
 * (order, id) up to (this order, any id) on chat_messages_order_idx — written as max(id) of the order, a
 * plan made on an empty table walked the primary key back from the newest message of all orders.
 * batchStored / batchWindows: the stored client_msg_ids and the rate counters, key by key (LATERAL …
 * LIMIT 1 on a unique key). newMessages: each room's new rows as its own range of the order index.
 */
export const CHAT_READS = {
  batchOrders: statement<BatchOrder>(`select ${columns('orders', 'o', ORDER_COLUMNS)},
      (select case when t.order_id = o.id then t.id end from (
        select m.order_id, m.id from chat_messages m where (m.order_id, m.id) <= (o.id, 9223372036854775807) order by m.order_id desc, m.id desc limit 1
      ) t) as top
    from unnest(cast($1 as int[])) as x(id) cross join lateral (select * from orders o where o.id = x.id limit 1) o
    where o.edition = $2 and o.deleted_at is null`),
  batchStored:
    statement<ChatMessageRow>(`select m.* from json_to_recordset(cast(cast($1 as text) as json)) as v(sender text, sender_id int, client_msg_id text)
    cross join lateral (select * from chat_messages m where m.sender = v.sender and m.sender_id = v.sender_id and m.client_msg_id = v.client_msg_id limit 1) m`),
  batchWindows: statement<Pick<Row<'chat_send_windows'>, 'key'> & { n: Row<'chat_send_windows'>['count'] }>(
    `select ${columns('chat_send_windows', 'w', ['key'])}, w.count as n from unnest(cast($1 as text[])) as x(key)
    cross join lateral (select * from chat_send_windows w where w.key = x.key limit 1) w
    where w.window_start > now() - make_interval(secs => cast($2 as int))`,
  ),
  newMessages:
    statement<ChatMessageRow>(`select m.* from json_to_recordset(cast(cast($1 as text) as json)) as v(o int, l bigint)
    cross join lateral (
      select * from chat_messages m where (m.order_id, m.id) > (v.o, v.l) and (m.order_id, m.id) <= (v.o, 9223372036854775807)
      order by m.order_id, m.id limit cast($2 as int)
    ) m
    order by m.id limit cast($2 as int)`),
}

/**
 * The batch's new rows, one unread new_chat_from_client bell per order (the batch's first client message
 * of an order rings it if none is unread) and the rate counters (a window older than the limit's starts
 * over), in one statement. Ids are drawn in the order of the list, under every order's lock.
 */
const INSERT_BATCH = statement<ChatMessageRow>(`with ins as (
    insert into chat_messages (order_id, sender, sender_id, recipient, recipient_id, msg_text, msg_service, auto_msg, client_msg_id, read_at)
    select v.o, v.s, v.si, v.r, v.ri, v.t, 0, false, v.c, case when v.rd then now() end
    from json_to_recordset(cast(cast($1 as text) as json)) as v(o int, s text, si int, r text, ri int, t text, c text, rd boolean)
    on conflict (sender, sender_id, client_msg_id) where client_msg_id is not null do nothing
    returning *
  ), bells as (
    insert into notifications (recipient_kind, recipient_id, type, order_id, data)
    select distinct on (i.order_id) 'staff', null, 'new_chat_from_client', i.order_id, jsonb_build_object('chat_id', i.id, 'client_id', i.sender_id)
    from ins i
    where i.sender = 'client'
      -- offset 0 keeps this a lookup per order (notifications_order_idx): as an anti-join the planner
      -- scanned every unread staff bell once per new row (25 ms of a 500-row batch).
      and not exists (select 1 from notifications n where n.recipient_kind = 'staff' and n.type = 'new_chat_from_client' and n.order_id = i.order_id and n.read_at is null offset 0)
    order by i.order_id, i.id
  ), windows as (
    insert into chat_send_windows as w (key, window_start, count)
    select v.k, now(), v.n from json_to_recordset(cast(cast($2 as text) as json)) as v(k text, n int)
    on conflict (key) do update set
      count = case when w.window_start > now() - make_interval(secs => cast($3 as int)) then w.count + excluded.count else excluded.count end,
      window_start = case when w.window_start > now() - make_interval(secs => cast($3 as int)) then w.window_start else now() end
  )
  select * from ins`)

/** Message rate of the chat socket, shared by every socket and process (counted in chat_messages). */
export const MESSAGE_LIMITS = { perSender: 20, perOrder: 60, windowSeconds: 10 }

/** One chat-socket send in a batch (see storeSocketBatch). */
export interface SocketSend {
  author: ChatAuthor
  identity: Identity
  recipient: ChatRole
  /** As in the frame: 0 is the staff desk. */
  recipient_id: number
  msg_text: string
  client_msg_id: string | null
  /**
   * The recipient (a client or tutor) has this order's chat open on this process, so the message is
   * delivered to it as soon as it is stored: it is stored read, which saves marking it read after.
   */
  seen?: boolean
}

/** One key per sender of a chat send (its role and id): batches group and hold their senders by it. */
export const senderKey = (s: SocketSend) => `${s.author.role}:${s.author.id}`

export type SocketSendResult = { row: ChatMessageRow; repeat: boolean } | 'rate_limited' | 'forbidden' | 'not_found'

/**
 * The answers of a batch, one per send, and for each order of the batch its highest message id before
 * the batch (0 without messages). The order was locked from that read to the commit, so the batch's
 * new rows of an order are exactly its rows above `previousTop`: a room that has read up to that id can
 * take them as they are, without reading them back (server/ws/rooms.ts takeStored).
 */
export type StoredBatch = SocketSendResult[] & { previousTop: Map<number, number> }

type Limits = typeof MESSAGE_LIMITS
type Results = (SocketSendResult | undefined)[]
/** A send the checks let through, with the recipient's id it is stored with. */
type Allowed = { i: number; recipientId: number | null }

// The rate counters' keys (chat_send_windows.key): one spelling for the read and the checks.
const senderWindow = (a: ChatAuthor) => `s:${a.role}:${a.id}`
const orderWindow = (orderId: number) => `o:${orderId}`
/** A sender's client_msg_id: stored once per sender. */
const messageKey = (role: string, id: number | null, cid: string) => `${role}:${id}:${cid}`

/** The batch's senders and orders, each sorted (senders then orders: two batches never deadlock). */
function batchKeys(sends: SocketSend[]) {
  const senders = [...new Map(sends.map((s) => [senderKey(s), s.author] as const)).values()].sort(
    (a, b) => ROLE_KEY[a.role] - ROLE_KEY[b.role] || a.id - b.id,
  )
  const orderIds = [...new Set(sends.map((s) => s.author.order_id))].sort((a, b) => a - b)
  const locks = [
    ...senders.map((a) => ({ c: LOCK_CHAT_SENDER + ROLE_KEY[a.role], k: a.id })),
    ...orderIds.map((o) => ({ c: LOCK_CHAT_ORDER, k: o })),
  ]
  return { senders, orderIds, locks }
}

/**
 * BEGIN, the locks and the three reads, sent together. Every statement is a lookup by key and keeps the
 * plan it gets first (a generic plan, made once per connection). Left to choose, PostgreSQL planned the
 * array-parameter reads anew on every run (a custom plan for each array's length: ~300 of a one-send
 * batch's ~750 µs of database CPU), and a plan made while a table was empty would scan it whole once it
 * had grown. With sequential scans off (this transaction only) the one plan is the index lookup.
 * The reads run after the locks (statements of a connection run in order): the orders, the
 * client_msg_ids already stored, the rate counters. The last two are read for every send of the batch;
 * only those the checks allow use them. Each looks its keys up one by one (LATERAL … LIMIT 1 on a
 * unique key): a plain join planned while a table was small stayed a hash join over the whole table as
 * it grew (in the chat benchmark the reads went from 2 to 25 ms a batch within a minute).
 */
async function lockAndRead(
  query: PipelinedTx['query'],
  sends: SocketSend[],
  scope: { edition: string; limits: Limits },
) {
  const { edition, limits } = scope
  const { senders, orderIds, locks } = batchKeys(sends)
  const keyed = sends.filter((s) => s.client_msg_id)
  const windowKeys = [...senders.map(senderWindow), ...orderIds.map(orderWindow)]
  const [, , orderRows, storedRows, windowRows] = await Promise.all([
    query(KEEP_INDEX_PLANS),
    query(
      'select count(pg_advisory_xact_lock(v.c, v.k)) from json_to_recordset(cast(cast($1 as text) as json)) as v(c int, k int)',
      [JSON.stringify(locks)],
    ),
    // Each order's highest message id before this batch: read under the order's lock, so the batch's
    // rows of that order are exactly the ones above it (see StoredBatch.previousTop).
    query(CHAT_READS.batchOrders, [`{${orderIds.join(',')}}`, edition]),
    keyed.length
      ? query(CHAT_READS.batchStored, [
          JSON.stringify(
            keyed.map((s) => ({ sender: s.author.role, sender_id: s.author.id, client_msg_id: s.client_msg_id })),
          ),
        ])
      : Promise.resolve([]),
    // A window that has run out counts nothing (its row starts over when the batch writes it).
    query(CHAT_READS.batchWindows, [`{${windowKeys.join(',')}}`, limits.windowSeconds]),
  ])
  return {
    orders: new Map(orderRows.map((o) => [Number(o.id), o])),
    previousTop: new Map(orderRows.map((o) => [Number(o.id), Number(o.top ?? 0)])),
    stored: new Map(storedRows.map((row) => [messageKey(row.sender, row.sender_id, row.client_msg_id!), row])),
    used: new Map(windowRows.map((row) => [row.key, Number(row.n)])),
  }
}

/** Who may write to whom, per send (a query only for the rare cases: a potential tutor, a named staff member). */
async function checkParties(
  executor: PipelinedTx['executor'],
  sends: SocketSend[],
  batch: { orders: Map<number, BatchOrder>; results: Results },
): Promise<Allowed[]> {
  const { orders, results } = batch
  const allowed: Allowed[] = []
  for (const [i, s] of sends.entries()) {
    const order = orders.get(s.author.order_id)
    if (!order) results[i] = 'not_found'
    else if (!(await isParty(executor, order, { role: s.author.role, id: s.author.id, identity: s.identity })))
      results[i] = 'forbidden'
    else {
      const recipientId = await recipientFor(executor, order, {
        author: s.author,
        recipient: s.recipient,
        recipientId: s.recipient_id,
      })
      if (recipientId === false) results[i] = 'forbidden'
      else allowed.push({ i, recipientId })
    }
  }
  return allowed
}

/**
 * Repeats and rate limits, in batch order: a stored client_msg_id is answered with its row; the same
 * one twice in the batch makes the second a repeat of the first (`sameAs`); a send over a limit is
 * refused; the rest count in and are inserted.
 */
function admit(
  sends: SocketSend[],
  allowed: Allowed[],
  batch: {
    read: { stored: Map<string, ChatMessageRow>; used: Map<string, number> }
    limits: Limits
    results: Results
  },
) {
  const { read, limits, results } = batch
  const { stored, used } = read
  const toInsert: Allowed[] = []
  const added = new Map<string, number>()
  const firstOfKey = new Map<string, number>()
  const sameAs = new Map<number, number>()
  for (const a of allowed) {
    const s = sends[a.i]!
    const k = s.client_msg_id ? messageKey(s.author.role, s.author.id, s.client_msg_id) : null
    const repeated = k ? stored.get(k) : undefined
    if (repeated) {
      results[a.i] = { row: repeated, repeat: true }
      continue
    }
    const first = k ? firstOfKey.get(k) : undefined
    if (first !== undefined) {
      sameAs.set(a.i, first)
      continue
    }
    const sk = senderWindow(s.author)
    const ok = orderWindow(s.author.order_id)
    if ((used.get(sk) ?? 0) >= limits.perSender || (used.get(ok) ?? 0) >= limits.perOrder) {
      results[a.i] = 'rate_limited'
      continue
    }
    for (const w of [sk, ok]) {
      used.set(w, (used.get(w) ?? 0) + 1)
      added.set(w, (added.get(w) ?? 0) + 1)
    }
    if (k) firstOfKey.set(k, a.i)
    toInsert.push(a)
  }
  return { toInsert, added, sameAs }
}

/** The insert's JSON rows. A lone surrogate becomes U+FFFD, as the UTF-8 of a text parameter made it (JSON would refuse it). */
const insertValues = (sends: SocketSend[], toInsert: Allowed[]) =>
  toInsert.map(({ i, recipientId }) => {
    const s = sends[i]!
    return {
      o: s.author.order_id,
      s: s.author.role,
      si: s.author.id,
      r: s.recipient,
      ri: recipientId,
      t: wellFormed(s.msg_text),
      c: s.client_msg_id,
      rd: !!s.seen && (s.recipient === 'client' || s.recipient === 'tutor'),
    }
  })

/** Each inserted send's answer: its new row, matched by client_msg_id, else in insert order. */
async function answerInserted(
  executor: PipelinedTx['executor'],
  batch: { sends: SocketSend[]; toInsert: Allowed[]; inserted: ChatMessageRow[] },
  results: Results,
) {
  const { sends, toInsert, inserted } = batch
  const byKey = new Map<string, ChatMessageRow>()
  const plain: ChatMessageRow[] = []
  for (const row of inserted.sort((a, b) => Number(a.id) - Number(b.id))) {
    if (row.client_msg_id) byKey.set(messageKey(row.sender, row.sender_id, row.client_msg_id), row)
    else plain.push(row)
  }
  for (const { i } of toInsert) {
    const s = sends[i]!
    const row = s.client_msg_id ? byKey.get(messageKey(s.author.role, s.author.id, s.client_msg_id)) : plain.shift()
    if (row) results[i] = { row, repeat: false }
    else {
      // Stored meanwhile by a writer outside these locks (none today): answer the stored row (committed).
      const again = await executor
        .selectFrom('chat_messages')
        .selectAll()
        .where('sender', '=', s.author.role)
        .where('sender_id', '=', s.author.id)
        .where('client_msg_id', '=', s.client_msg_id!)
        .executeTakeFirstOrThrow()
      results[i] = { row: again, repeat: true }
    }
  }
}

/**
 * Stores the messages written on chat sockets of this process within a few milliseconds in ONE
 * transaction (a group commit): the senders' and orders' advisory locks in one statement (always
 * senders then orders, each sorted, so two batches never deadlock), the orders in one read (each send
 * is checked as before: the order exists in this edition, the author is still a party, the recipient
 * is one it may write to), the stored client_msg_ids and the rate counters in one read each, the new
 * rows in one multi-row insert with the staff bells and the counters' new values. Per send the answer
 * is what a single send was answered: the row (a repeat of a stored client_msg_id is answered with the
 * stored row and not counted), or a refusal. Rate limits hold exactly across sockets and processes:
 * the counters (chat_send_windows: a fixed window per sender and per order, starting with its first
 * counted message) are read and written under the locks, and the batch's own accepted sends count in,
 * in order.
 */
export async function storeSocketBatch(
  db: Db,
  sends: SocketSend[],
  { edition, limits = MESSAGE_LIMITS, tx = kyselyTxRunner(db) }: { edition: string; limits?: Limits; tx?: TxRunner },
): Promise<StoredBatch> {
  if (!sends.length) return Object.assign([], { previousTop: new Map<number, number>() })
  // Two round trips on a server (db/pipeline.ts): BEGIN, the locks and the three reads go out together;
  // after the checks, the insert and COMMIT. Every list travels as one JSON or array parameter, so the
  // statements' text is the same for any batch. Rows come out of json_to_recordset in list order. (A JSON
  // parameter is cast to text first: typed json, postgres.js would encode the string once more.)
  return tx(async ({ query, commit, executor }) => {
    const results: Results = new Array(sends.length)
    const read = await lockAndRead(query, sends, { edition, limits })
    const allowed = await checkParties(executor, sends, { orders: read.orders, results })
    const { toInsert, added, sameAs } = admit(sends, allowed, { read, limits, results })
    let inserted: ChatMessageRow[] = []
    if (toInsert.length) {
      const counters = JSON.stringify([...added].map(([k, n]) => ({ k, n })))
      ;[inserted] = await Promise.all([
        query(INSERT_BATCH, [JSON.stringify(insertValues(sends, toInsert)), counters, limits.windowSeconds]),
        commit(),
      ])
    } else await commit()
    await answerInserted(executor, { sends, toInsert, inserted }, results)
    for (const [i, first] of sameAs) {
      const res = results[first]
      results[i] = res && typeof res === 'object' ? { row: res.row, repeat: true } : res
    }
    return Object.assign(
      results.map((r) => r ?? 'rate_limited'),
      { previousTop: read.previousTop },
    )
  })
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD')

/** A batch's new rows of one order (id order) and the order's highest id before them (StoredBatch.previousTop). */
export interface StoredRows {
  order_id: number
  after: number
  rows: ChatMessageRow[]
}

/** The new rows of a batch grouped per order, each group with the id it follows. */
export function storedRows(rows: ChatMessageRow[], previousTop: Map<number, number>): StoredRows[] {
  const byOrder = new Map<number, StoredRows>()
  for (const row of [...rows].sort((a, b) => Number(a.id) - Number(b.id))) {
    let entry = byOrder.get(row.order_id)
    if (!entry) {
      entry = { order_id: row.order_id, after: previousTop.get(row.order_id) ?? -1, rows: [] }
      byOrder.set(row.order_id, entry)
    }
    entry.rows.push(row)
  }
  return [...byOrder.values()]
}

/** NOTIFY payloads are capped at 8000 bytes: rows travel with their event while a payload stays under this. */
const ROWS_PAYLOAD_BYTES = 7000

/**
 * The bus payloads (JSON text) of a batch's stored messages. The rows themselves travel while they fit
 * (`stored`: a process whose room has read exactly up to `after` delivers them without reading them
 * back); an order whose rows do not fit is named with its highest new id only (`message`/`messages`:
 * the room reads them), several orders a payload. Each order's entry is serialised once: its text is
 * both measured and sent.
 */
export function messageEvents(stored: StoredRows[]): string[] {
  const payloads: string[] = []
  let withRows: string[] = []
  let bytes = 0
  const idsOnly: [number, number][] = []
  const flush = () => {
    if (withRows.length) payloads.push(`{"kind":"stored","orders":[${withRows.join(',')}]}`)
    withRows = []
    bytes = 0
  }
  for (const entry of stored) {
    const text = entry.after < 0 ? '' : JSON.stringify(entry)
    const size = entry.after < 0 ? Number.POSITIVE_INFINITY : Buffer.byteLength(text) + 1
    if (size > ROWS_PAYLOAD_BYTES - 100) {
      idsOnly.push([entry.order_id, Number(entry.rows.at(-1)!.id)])
      continue
    }
    if (bytes + size > ROWS_PAYLOAD_BYTES - 100) flush()
    withRows.push(text)
    bytes += size
  }
  flush()
  const events: ChatEvent[] = []
  let part: [number, number][] = []
  for (const entry of idsOnly) {
    part.push(entry)
    // ~25 bytes an entry.
    if (part.length === 200) {
      events.push({ kind: 'messages', orders: part })
      part = []
    }
  }
  if (part.length === 1) events.push({ kind: 'message', order_id: part[0]![0], id: part[0]![1] })
  else if (part.length) events.push({ kind: 'messages', orders: part })
  return [...payloads, ...events.map((ev) => JSON.stringify(ev))]
}

async function notifyStaffOfClientMessage(trx: Executor, row: ChatMessageRow) {
  const unread = await trx
    .selectFrom('notifications')
    .select('id')
    .where('recipient_kind', '=', 'staff')
    .where('type', '=', 'new_chat_from_client')
    .where('order_id', '=', row.order_id)
    .where('read_at', 'is', null)
    .executeTakeFirst()
  if (!unread)
    await notify(trx, {
      recipient_kind: 'staff',
      recipient_id: null,
      type: 'new_chat_from_client',
      order_id: row.order_id,
      data: { chat_id: row.id, client_id: row.sender_id },
    })
}

export async function publish(notifier: Notifier, event: ChatEvent) {
  await notifier.publish(CHAT_CHANNEL, event)
}

/** A batch's payloads (messageEvents) in one round trip, in order. */
export async function publishPayloads(notifier: Notifier, payloads: string[]) {
  await notifier.publishJson(CHAT_CHANNEL, payloads)
}

/**
 * One order's messages with ids above `after`, as a range of chat_messages_order_idx: (order, after) to
 * (order, any id). Stated as "order_id = … and id …", the planner may walk the primary key instead (from
 * the newest message of all orders back to an old order's last one), which it may judge cheaper however
 * far that is; with order_id in the ordering and no equality on it, only the order index serves.
 */
function orderRange(db: Executor, orderId: number, after: number) {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where(sql<boolean>`(order_id, id) > (${orderId}::int, ${after}::bigint)`)
    .where(sql<boolean>`(order_id, id) <= (${orderId}::int, 9223372036854775807)`)
}

/** The order's messages above `after` that this party sees (deleted ones left out; staff see all). */
function visibleRange(
  db: Executor,
  { orderId, role, id, after }: { orderId: number; role: ChatRole; id: number; after: number },
) {
  const q = orderRange(db, orderId, after).where('deleted_at', 'is', null)
  if (role === 'admin') return q
  return q.where((eb) =>
    eb.or([
      eb.and([eb('sender', '=', role), eb('sender_id', '=', id)]),
      eb.and([eb('recipient', '=', role), eb('recipient_id', '=', id)]),
    ]),
  )
}

/** The last `limit` messages of the order this party sees, oldest first (deleted ones left out). */
export async function history(
  db: Executor,
  { orderId, role, id, limit = 50 }: { orderId: number; role: ChatRole; id: number; limit?: number },
): Promise<ChatMessageRow[]> {
  const rows = await visibleRange(db, { orderId, role, id, after: 0 })
    .orderBy('order_id', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.reverse()
}

/**
 * The messages of the order this party sees with id above `afterId`, oldest first (deleted ones left
 * out), at most `limit`: a socket's catch-up by the last id it has seen.
 */
export async function messagesAfter(
  db: Executor,
  {
    orderId,
    role,
    id,
    afterId,
    limit = 500,
  }: { orderId: number; role: ChatRole; id: number; afterId: number; limit?: number },
): Promise<ChatMessageRow[]> {
  return visibleRange(db, { orderId, role, id, after: afterId })
    .orderBy('order_id', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute()
}

/** The highest message id of an order (0 without messages). */
export async function lastMessageId(db: Executor, orderId: number): Promise<number> {
  const r = await orderRange(db, orderId, 0)
    .clearSelect()
    .select('id')
    .orderBy('order_id', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return Number(r?.id ?? 0)
}

/**
 * New messages of several orders in one read: for each [order, last id] the rows above that id
 * (deleted ones too: the caller skips them but moves past), lowest ids first, at most `limit` in all.
 * Lowest-first keeps each order's part a prefix of its new rows, so a cut batch loses nothing.
 * Each order's rows are their own range of the order index (CHAT_READS.newMessages), under
 * KEEP_INDEX_PLANS: written as a join, the plan was a hash join over the whole table (a parallel scan of
 * 195,000 rows, 34 ms, for every room's periodic re-read).
 */
export async function newMessages(
  tx: TxRunner,
  after: [orderId: number, lastId: number][],
  limit: number,
): Promise<ChatMessageRow[]> {
  if (!after.length) return []
  const values = JSON.stringify(after.map(([orderId, lastId]) => ({ o: orderId, l: lastId })))
  return tx(async ({ query, commit }) => {
    const planned = query(KEEP_INDEX_PLANS)
    const rows = query(CHAT_READS.newMessages, [values, limit])
    const [, out] = await Promise.all([planned, rows, commit()])
    return out
  })
}

/** Marks read (once) the listed messages: live delivery to a client or tutor with the chat open. */
export async function markDelivered(db: Executor, ids: number[]): Promise<void> {
  if (!ids.length) return
  await db
    .updateTable('chat_messages')
    .set({ read_at: sql`now()` })
    .where('id', 'in', ids)
    .where('read_at', 'is', null)
    .execute()
}

/** Rows by id (one read). */
export async function readMessages(db: Executor, ids: number[]): Promise<ChatMessageRow[]> {
  if (!ids.length) return []
  return db.selectFrom('chat_messages').selectAll().where('id', 'in', ids).execute()
}

/** Connections per user per minute on the chat socket (a fixed window, counted in chat_connects). */
export const CONNECT_LIMIT = { perMinute: 30 }

/**
 * Sets this process's chat limits from the environment (server/env.ts CHAT_RATE_PER_USER,
 * CHAT_RATE_PER_ORDER, CHAT_CONNECTS_PER_MINUTE; their defaults are the values above). Only the chat
 * benchmark (scripts/bench-chat.ts) raises them.
 */
export function applyChatLimits(env: {
  CHAT_RATE_PER_USER: number
  CHAT_RATE_PER_ORDER: number
  CHAT_CONNECTS_PER_MINUTE: number
}) {
  MESSAGE_LIMITS.perSender = env.CHAT_RATE_PER_USER
  MESSAGE_LIMITS.perOrder = env.CHAT_RATE_PER_ORDER
  CONNECT_LIMIT.perMinute = env.CHAT_CONNECTS_PER_MINUTE
}

/** Counts one connection of the user; answers false when it is over the limit. */
export async function countConnect(
  db: Executor,
  { role, id }: { role: ChatRole; id: number },
  limit = CONNECT_LIMIT.perMinute,
): Promise<boolean> {
  const r = await sql<{ count: number }>`
    insert into chat_connects as c (role, user_id) values (${role}::text, ${id}::int)
    on conflict (role, user_id) do update set
      count = case when c.window_start > now() - interval '1 minute' then c.count + 1 else 1 end,
      window_start = case when c.window_start > now() - interval '1 minute' then c.window_start else now() end
    returning count`.execute(db)
  return Number(r.rows[0]!.count) <= limit
}

/**
 * A client or tutor has seen what was sent to them (history on connect, or live delivery): mark it
 * read. Staff mark messages read explicitly (set_msg_read). Answers the ids marked.
 */
export async function markSeen(
  db: Executor,
  { orderId, role, id, upToId }: { orderId: number; role: 'client' | 'tutor'; id: number; upToId?: number },
): Promise<number[]> {
  let q = db
    .updateTable('chat_messages')
    .set({ read_at: sql`now()` })
    .where('order_id', '=', orderId)
    .where('recipient', '=', role)
    .where('recipient_id', '=', id)
    .where('read_at', 'is', null)
    .where('deleted_at', 'is', null)
  if (upToId !== undefined) q = q.where('id', '<=', upToId)
  return (await q.returning('id').execute()).map((r) => r.id)
}

export async function readMessage(db: Executor, id: number): Promise<ChatMessageRow | null> {
  return (await db.selectFrom('chat_messages').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
}

export { visibleTo }
