// Sign-in throttle rows per (account, client address) beside those per account and per address
// (server/domain/auth/throttle.ts): a correct password from another address is not locked out by an
// attacker's failures.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table auth_failures drop constraint auth_failures_scope_check`.execute(db)
  await sql`alter table auth_failures add constraint auth_failures_scope_check check (scope in ('account', 'ip', 'pair'))`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('auth_failures').where('scope', '=', 'pair').execute()
  await sql`alter table auth_failures drop constraint auth_failures_scope_check`.execute(db)
  await sql`alter table auth_failures add constraint auth_failures_scope_check check (scope in ('account', 'ip'))`.execute(
    db,
  )
}
