// A logical backup of the product's database that reads and writes the same way on the embedded PGlite and
// on a PostgreSQL server (so one archive restores on either): every table of the public schema as JSON
// rows, read in one repeatable-read snapshot, loaded back into a freshly migrated database of the same
// schema version. pg_dump is not used: the machine's pg_dump must match the server's major version, and
// the embedded database is reached only through its wire socket while the server runs. See
// docs/operations.md#backups.
import { type Kysely, sql } from 'kysely'

/** The migration bookkeeping of Kysely: written by migrateToLatest on the target, never loaded. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock'])
const PAGE_ROWS = 2000

export interface TableDump {
  name: string
  /** One JSON object per row (row_to_json), in physical order. */
  rows: string[]
}

export interface DatabaseDump {
  /** The applied migrations, sorted: a restore needs exactly this schema version. */
  migrations: string[]
  tables: TableDump[]
}

// biome-ignore lint/suspicious/noExplicitAny: works on any schema version, below the generated types
type AnyDb = Kysely<any>

async function publicTables(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(db)
  return rows.map((r) => r.name)
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

/** Every public table's rows in one consistent snapshot (a read-only repeatable-read transaction). */
export async function dumpDatabase(db: AnyDb): Promise<DatabaseDump> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`set transaction read only`.execute(trx)
      const names = await publicTables(trx)
      const { rows: applied } = await sql<{ name: string }>`
        select name from kysely_migration order by name`.execute(trx)
      const tables: TableDump[] = []
      for (const name of names) {
        if (MIGRATION_TABLES.has(name)) continue
        const rows: string[] = []
        // Keyset pages by ctid: stable inside the snapshot, and a range scan on PostgreSQL 14+.
        let after = '(0,0)'
        for (;;) {
          const page = await sql<{ at: string; row: string }>`
            select ctid::text as at, row_to_json(t)::text as row from ${sql.raw(ident(name))} t
            where ctid > ${after}::tid order by ctid limit ${PAGE_ROWS}`.execute(trx)
          for (const r of page.rows) rows.push(r.row)
          if (page.rows.length < PAGE_ROWS) break
          after = page.rows[page.rows.length - 1]!.at
        }
        tables.push({ name, rows })
      }
      return { migrations: applied.map((r) => r.name), tables }
    })
}

export class RestoreRefused extends Error {
  override name = 'RestoreRefused'
}

/**
 * Loads a dump into `db`, which must be migrated to exactly the dump's schema version and hold no
 * product data yet (no staff, tutors or clients: the reference rows the migrations write are replaced).
 * One transaction: a failed restore leaves the target as it was. Foreign keys and triggers are off while
 * loading (session_replication_role, which needs a superuser: the embedded database's user is one).
 */
export async function restoreDatabase(db: AnyDb, dump: DatabaseDump, opts: { force?: boolean } = {}): Promise<void> {
  const { rows: applied } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
  const here = applied.map((r) => r.name)
  const missing = dump.migrations.filter((m) => !here.includes(m))
  const newer = here.filter((m) => !dump.migrations.includes(m))
  if (missing.length || newer.length) {
    throw new RestoreRefused(
      missing.length
        ? `the archive was made by a newer version (migration ${missing[0]} is unknown here): restore it with that version`
        : `the archive was made by an older version (it lacks migration ${newer[0]}): restore it with that version, then upgrade`,
    )
  }
  const names = await publicTables(db)
  const known = new Set(names)
  for (const t of dump.tables) {
    if (!known.has(t.name)) throw new RestoreRefused(`the archive has a table ${t.name} this database lacks`)
  }
  if (!opts.force) {
    for (const table of ['staff', 'tutors', 'clients']) {
      if (!known.has(table)) continue
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.raw(ident(table))}`.execute(db)
      if (rows[0]!.n > 0) throw new RestoreRefused(`the target database is not empty (${table} has rows)`)
    }
  }
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx)
    const data = names.filter((n) => !MIGRATION_TABLES.has(n))
    if (data.length) await sql.raw(`truncate ${data.map(ident).join(', ')}`).execute(trx)
    for (const table of dump.tables) {
      if (!table.rows.length) continue
      const { rows: cols } = await sql<{ name: string }>`
        select attname as name from pg_attribute
        where attrelid = ${`public.${ident(table.name)}`}::regclass and attnum > 0
          and not attisdropped and attgenerated = ''
        order by attnum`.execute(trx)
      const list = cols.map((c) => ident(c.name)).join(', ')
      for (let i = 0; i < table.rows.length; i += PAGE_ROWS) {
        const chunk = `[${table.rows.slice(i, i + PAGE_ROWS).join(',')}]`
        await sql`
          insert into ${sql.raw(ident(table.name))} (${sql.raw(list)}) overriding system value
          select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(ident(table.name))}, ${chunk}::text::json)`.execute(
          trx,
        )
      }
    }
    // Sequences continue after the restored ids.
    const { rows: serials } = await sql<{ tbl: string; col: string; seq: string }>`
      select c.relname as tbl, a.attname as col, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as seq
      from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind = 'r' and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`.execute(trx)
    for (const s of serials) {
      await sql`
        select setval(${s.seq}::regclass,
          coalesce((select max(${sql.raw(ident(s.col))}) from ${sql.raw(ident(s.tbl))}), 0) + 1, false)`.execute(trx)
    }
  })
}
