// The chat's message rate kept as counters: one row per sender and per order, a
// fixed window that starts with the first counted message. Counting the rows of chat_messages in the
// window (what the batch did before) walked every recent row of each sender and order under load; a
// counter is one key lookup. The index that walk used goes.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_send_windows')
    // 's:<role>:<id>' for a sender, 'o:<order id>' for an order.
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute()
  // Room for updates on the same page (HOT updates: the key, the only indexed column, never changes).
  await sql`alter table chat_send_windows set (fillfactor = 70)`.execute(db)
  await db.schema.dropIndex('chat_messages_sender_idx').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('chat_messages_sender_idx')
    .on('chat_messages')
    .columns(['sender', 'sender_id', 'id'])
    .execute()
  await db.schema.dropTable('chat_send_windows').execute()
}
