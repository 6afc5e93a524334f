// Order chat that never loses a word: the sender's own id of a message (client_msg_id,
// stored once per sender: a resend after a reconnect answers the stored row), an index for the
// per-sender message rate (counted here, so every socket and process shares it), and the per-user
// connection counter of the chat websocket (one row per user: a fixed one-minute window).
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('client_msg_id', 'text').execute()
  await sql`create unique index chat_messages_client_msg_idx on chat_messages (sender, sender_id, client_msg_id) where client_msg_id is not null`.execute(
    db,
  )
  await db.schema
    .createIndex('chat_messages_sender_idx')
    .on('chat_messages')
    .columns(['sender', 'sender_id', 'id'])
    .execute()
  await db.schema
    .createTable('chat_connects')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('chat_connects_pk', ['role', 'user_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_connects').execute()
  await db.schema.dropIndex('chat_messages_sender_idx').execute()
  await db.schema.dropIndex('chat_messages_client_msg_idx').execute()
  await db.schema.alterTable('chat_messages').dropColumn('client_msg_id').execute()
}
