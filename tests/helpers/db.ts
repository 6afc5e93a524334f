// A fresh, migrated database per test file, on PGlite (clone of an in-memory template) or, with
// DATABASE_URL set, on that PostgreSQL server (CREATE DATABASE … TEMPLATE a migrated one).
import type { PGlite } from '@electric-sql/pglite'
import postgres from 'postgres'
import { type DbHandle, createDb, openPglite } from '../../db/client'
import { migrateToLatest } from '../../db/migrate'

let pgliteTemplate: Promise<PGlite> | null = null
let serverTemplate: Promise<string> | null = null
let counter = 0

const baseUrl = process.env.DATABASE_URL

export function withDatabase(url: string, name: string) {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

async function makeServerTemplate(): Promise<string> {
  const admin = postgres(baseUrl!, { max: 1, onnotice: () => {} })
  const name = `tpl_${process.pid}_${Date.now()}`
  await admin.unsafe(`create database ${name}`)
  const handle = await createDb({ databaseUrl: withDatabase(baseUrl!, name), maxConnections: 1 })
  await migrateToLatest(handle.db)
  await handle.close()
  await admin.end()
  return name
}

export async function testDb(): Promise<DbHandle & { url?: string }> {
  if (baseUrl) {
    serverTemplate ??= makeServerTemplate()
    const template = await serverTemplate
    const name = `t_${process.pid}_${Date.now()}_${counter++}`
    const admin = postgres(baseUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database ${name} template ${template}`)
    await admin.end()
    const handle = await createDb({ databaseUrl: withDatabase(baseUrl, name), maxConnections: 8 })
    return {
      ...handle,
      url: withDatabase(baseUrl, name),
      async close() {
        await handle.close()
        const a = postgres(baseUrl, { max: 1, onnotice: () => {} })
        await a.unsafe(`drop database if exists ${name} with (force)`)
        await a.end()
      },
    }
  }
  pgliteTemplate ??= (async () => {
    const pg = await openPglite()
    const h = await createDb({ pglite: pg })
    await migrateToLatest(h.db)
    return pg // kept open for the life of the test process: clones are made from it
  })()
  const clone = await (await pgliteTemplate).clone()
  return createDb({ pglite: clone as PGlite })
}
