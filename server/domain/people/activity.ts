// A tutor's activity log (GET /admin/tutor/get_log_activities): every change anybody made to the tutor,
// read from the audit log (entity 'tutor'), newest first, with who did it. Every service that changes a
// tutor writes its audit entry with entity 'tutor' and the tutor's id in the same transaction.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { notFound } from '../../../common/errors'
import { PER_PAGE, iso } from './common'

export async function tutorActivity(db: Db, { tutor_id: tutorId, page }: { tutor_id: number; page: number }) {
  const perPage = PER_PAGE
  const tutor = await db.selectFrom('tutors').select('id').where('id', '=', tutorId).executeTakeFirst()
  if (!tutor) throw notFound()
  const base = db.selectFrom('audit_log as l').where('l.entity', '=', 'tutor').where('l.entity_id', '=', tutorId)
  const [rows, total] = await Promise.all([
    base
      .leftJoin('staff as s', (j) => j.onRef('s.id', '=', 'l.actor_id').on('l.actor_kind', '=', 'staff'))
      .leftJoin('tutors as t', (j) => j.onRef('t.id', '=', 'l.actor_id').on('l.actor_kind', '=', 'tutor'))
      .leftJoin('clients as c', (j) => j.onRef('c.id', '=', 'l.actor_id').on('l.actor_kind', '=', 'client'))
      .leftJoin('staff as b', 'b.id', 'l.on_behalf_of_staff_id')
      .select([
        'l.id',
        'l.action',
        'l.data',
        'l.created_at',
        'l.actor_kind',
        'l.actor_id',
        'l.on_behalf_of_staff_id',
        sql<string | null>`coalesce(s.name, t.name, c.name)`.as('actor_name'),
        'b.name as on_behalf_of_name',
      ])
      .orderBy('l.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  const items = rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    data: r.data ?? null,
    created_at: iso(r.created_at),
    actor: { kind: r.actor_kind, id: r.actor_id, name: r.actor_kind === 'system' ? 'system' : (r.actor_name ?? null) },
    on_behalf_of: r.on_behalf_of_staff_id
      ? { kind: 'staff', id: r.on_behalf_of_staff_id, name: r.on_behalf_of_name ?? null }
      : null,
  }))
  return { items, total: total.n, page }
}
