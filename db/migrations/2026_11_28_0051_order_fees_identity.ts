// Fees that work from the first start: every edition gets a default fee and one per existing band
// (rows staff set are kept). And a request's contact that belongs to an existing account: the order
// waits for proof (the code sent to that account) before the account sees it.
import { type Kysely, sql } from 'kysely'
import { fillOrderFees } from './data/order-fees'

export async function up(db: Kysely<any>): Promise<void> {
  await fillOrderFees(db)
  // false: made by a visitor who named an existing account's e-mail and has not yet signed in with
  // the code that request sent; claim_code_id is that code.
  await db.schema
    .alterTable('orders')
    .addColumn('client_confirmed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('claim_code_id', 'integer')
    .execute()
  // Staff lists flag other clients with an order's phone.
  await sql`create index orders_client_phone_idx on orders (client_phone) where client_phone is not null`.execute(db)
  await sql`create index orders_claim_code_idx on orders (claim_code_id) where claim_code_id is not null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index orders_client_phone_idx`.execute(db)
  await db.schema.alterTable('orders').dropColumn('client_confirmed').dropColumn('claim_code_id').execute()
}
