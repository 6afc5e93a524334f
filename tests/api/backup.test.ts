// Backup and restore (db/backup.ts, scripts/backup.ts, scripts/restore.ts): the demo marketplace — orders,
// wallet entries, chat messages, avatars — survives a round trip row for row, on the database under test;
// and the commands do the same with a DATA_DIR's files and keys.
import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { unzipSync } from 'fflate'
import { sql } from 'kysely'
import postgres from 'postgres'
import { edition } from '../../common/editions'
import { RestoreRefused, dumpDatabase, restoreDatabase } from '../../db/backup'
import type { Db } from '../../db/client'
import { seedDemo } from '../../db/seed/demo'
import { testDb, withDatabase } from '../helpers/db'

const ROOT = resolve(import.meta.dir, '../..')
const opened: { close(): Promise<void> }[] = []
afterAll(async () => {
  for (const h of opened) await h.close()
})

async function freshDb() {
  const h = await testDb()
  opened.push(h)
  return h
}

/** Every table's rows as sorted JSON texts: equal sets of rows, whatever their physical order. */
async function contents(db: Db): Promise<Record<string, string[]>> {
  const dump = await dumpDatabase(db)
  return Object.fromEntries(dump.tables.map((t) => [t.name, [...t.rows].sort()]))
}

describe('backup and restore of the database', () => {
  test('the demo data comes back row for row, and new rows get fresh ids', async () => {
    const source = await freshDb()
    await seedDemo(source.db, edition('ua'))
    // The demo has no money movements or chat yet: one of each, with text a JSON round trip could spoil.
    const order = await source.db
      .selectFrom('orders')
      .select(['id', 'tutor_id'])
      .where('tutor_id', 'is not', null)
      .executeTakeFirstOrThrow()
    await source.db
      .insertInto('wallet_entries')
      .values({ tutor_id: order.tutor_id!, actor_kind: 'system', kind: 'top_up', amount_minor: 30000, currency: 'UAH' })
      .execute()
    await source.db
      .insertInto('chat_messages')
      .values({
        order_id: order.id,
        sender: 'tutor',
        sender_id: order.tutor_id,
        recipient: 'client',
        msg_text: 'Добрий день! "quotes" \\ and\nlines',
      })
      .execute()
    const dump = await dumpDatabase(source.db)
    const counts = Object.fromEntries(dump.tables.map((t) => [t.name, t.rows.length]))
    // What a business would miss first: people, orders, money and conversations.
    for (const table of ['tutors', 'clients', 'orders', 'wallet_entries', 'chat_messages']) {
      expect(counts[table] ?? 0).toBeGreaterThan(0)
    }

    const target = await freshDb()
    await restoreDatabase(target.db, dump)
    expect(await contents(target.db)).toEqual(await contents(source.db))

    // The sequences continue after the restored ids.
    const { rows } = await sql<{ id: number; top: number }>`
      select nextval(pg_get_serial_sequence('orders', 'id'))::int as id, (select max(id) from orders)::int as top
    `.execute(target.db)
    expect(rows[0]!.id).toBeGreaterThan(rows[0]!.top)
  })

  test('a database with people in it, or of another schema version, is refused and left as it was', async () => {
    const source = await freshDb()
    await seedDemo(source.db, edition('pl'))
    const dump = await dumpDatabase(source.db)

    const busy = await freshDb()
    await seedDemo(busy.db, edition('pl'))
    const before = await contents(busy.db)
    await expect(restoreDatabase(busy.db, dump)).rejects.toBeInstanceOf(RestoreRefused)
    await expect(restoreDatabase(busy.db, dump)).rejects.toThrow('not empty')
    expect(await contents(busy.db)).toEqual(before)

    const empty = await freshDb()
    const newer = { ...dump, migrations: [...dump.migrations, '2999_01_01_0001_from_the_future'] }
    await expect(restoreDatabase(empty.db, newer)).rejects.toThrow('newer version')
    const older = { ...dump, migrations: dump.migrations.slice(0, -1) }
    await expect(restoreDatabase(empty.db, older)).rejects.toThrow('older version')
  })
})

describe('bun run backup / bun run restore', () => {
  test('a seeded DATA_DIR (database, avatars, keys) comes back into an empty one', async () => {
    const work = mkdtempSync(join(tmpdir(), 'backup-'))
    const serverUrl = process.env.DATABASE_URL
    const databases: string[] = []
    const databaseFor = async (name: string): Promise<Record<string, string>> => {
      if (!serverUrl) return {}
      const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
      const db = `t_${process.pid}_backup_${name}_${Date.now()}`
      await admin.unsafe(`create database ${db}`)
      await admin.end()
      databases.push(db)
      return { DATABASE_URL: withDatabase(serverUrl, db) }
    }
    const run = (cmd: string[], env: Record<string, string>) => {
      const p = Bun.spawnSync(['bun', ...cmd], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', SITE: 'ua', ...env },
      })
      return { code: p.exitCode, out: `${p.stdout}${p.stderr}` }
    }
    try {
      const sourceEnv = { DATA_DIR: join(work, 'source'), ...(await databaseFor('source')) }
      const seeded = run(['scripts/seed.ts'], sourceEnv)
      expect(seeded.out).toContain('seeded demo data')
      const archive = join(work, 'backup.zip')
      const made = run(['scripts/backup.ts', '--out', archive], sourceEnv)
      expect(made.code).toBe(0)
      expect(made.out).toContain('backup written')

      const targetEnv = { DATA_DIR: join(work, 'target'), ...(await databaseFor('target')) }
      const restored = run(['scripts/restore.ts', archive], targetEnv)
      expect(restored.out).toContain('restored')
      expect(restored.code).toBe(0)

      // The stored files (avatars and their previews) and the keys are back where the server looks.
      const files = (dir: string) =>
        existsSync(dir)
          ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
          : 0
      expect(files(join(work, 'source/files'))).toBeGreaterThan(0)
      expect(files(join(work, 'target/files'))).toBe(files(join(work, 'source/files')))

      // A second backup of the restored copy holds the same tables and rows.
      const again = join(work, 'again.zip')
      expect(run(['scripts/backup.ts', '--out', again], targetEnv).code).toBe(0)
      const manifest = (f: string) => JSON.parse(new TextDecoder().decode(unzipSync(readFileSync(f))['manifest.json']))
      expect(manifest(again).tables).toEqual(manifest(archive).tables)

      // Restoring over data that is there is refused, with one line saying why.
      const twice = run(['scripts/restore.ts', archive], targetEnv)
      expect(twice.code).toBe(1)
      expect(twice.out).toContain('restore refused: the target database is not empty')
    } finally {
      rmSync(work, { recursive: true, force: true })
      if (serverUrl && databases.length) {
        const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
        for (const db of databases) await admin.unsafe(`drop database if exists ${db} with (force)`)
        await admin.end()
      }
    }
  }, 240_000)
})
