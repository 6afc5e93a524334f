import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { notFound } from '../shared/errors'

const COLUMNS = ['id as admin_id', 'name', 'email', 'status'] as const

export async function listStaff(db: Db, a: { page: number; text?: string; status?: number; perPage?: number }) {
  const perPage = a.perPage ?? 20
  let q = db.selectFrom('staff').where('deleted_at', 'is', null)
  if (a.text) q = q.where((eb) => eb.or([eb('name', 'ilike', `%${a.text}%`), eb('email', 'ilike', `%${a.text}%`)]))
  if (a.status) q = q.where('status', '=', a.status)
  const [items, total] = await Promise.all([
    q.select(COLUMNS).orderBy('id').limit(perPage).offset((a.page - 1) * perPage).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { items, total: total.n, page: a.page }
}

export async function getStaff(db: Db, id: number) {
  const row = await db.selectFrom('staff').select(COLUMNS).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()
  if (!row) throw notFound()
  return row
}
