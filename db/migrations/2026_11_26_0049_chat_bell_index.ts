// The staff's "new message from a client" bell is rung once per order while unread: each client
// message stored looks for that order's unread bell. The general indexes made it a walk over every
// unread staff bell (notifications_unread_idx, filtered by order): 290 rows per message in the chat
// benchmark, growing with the number of orders waiting for staff. This partial index is the exact lookup.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index notifications_chat_bell_idx on notifications (order_id)
    where recipient_kind = 'staff' and type = 'new_chat_from_client' and read_at is null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index notifications_chat_bell_idx`.execute(db)
}
