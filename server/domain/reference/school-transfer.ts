// School transfer settings (docs/api.md#admin-tops-and-school-transfer, docs/domain.md#school): per
// subject, whether a school request is handed to the school site at once (the order's school_state
// becomes 'new', as staff's "send to school" does). Online lessons follow the subject's switch; offline
// ones only when the site-wide rule transfer_offline_lesson is on too.
import { sql } from 'kysely'
import { notFound } from '../../../common/errors'
import { audit, type Executor } from '../shared/audit'
import { localName } from '../shared/names'
import type { Scope } from '../shared/scope'
import { getSetting } from '../site/settings'

const PER_PAGE = 50

const row = (
  scope: Scope,
  r: { id: number; alias: string; names: unknown; active: boolean; school_transfer: boolean },
) => ({
  id: r.id,
  alias: r.alias,
  name: localName(r.names, scope.edition.defaultLocale, scope.edition),
  active: r.active,
  transfer: r.school_transfer,
})

const lessons = (scope: Scope) =>
  scope.db
    .selectFrom('lessons')
    .select(['id', 'alias', 'names', 'active', 'school_transfer'])
    .where('edition', '=', scope.edition.code)

/** GET /admin/lesson_school_transfer_settings/get?page: the edition's subjects, transferring ones first. */
export async function listTransferSettings(scope: Scope, { page }: { page: number }) {
  const total = Number(
    (
      await scope.db
        .selectFrom('lessons')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('edition', '=', scope.edition.code)
        .executeTakeFirstOrThrow()
    ).n,
  )
  const last = Math.max(1, Math.ceil(total / PER_PAGE))
  const at = Math.min(page, last)
  const rows = await lessons(scope)
    .orderBy('school_transfer', 'desc')
    .orderBy('sort')
    .orderBy('id')
    .limit(PER_PAGE)
    .offset((at - 1) * PER_PAGE)
    .execute()
  return {
    items: rows.map((r) => row(scope, r)),
    total,
    page: at,
    transfer_offline_lesson: await getSetting(scope.db, 'transfer_offline_lesson'),
  }
}

/** GET /admin/lesson_school_transfer_setting/get?id */
export async function getTransferSetting(scope: Scope, { id }: { id: number }) {
  const r = await lessons(scope).where('id', '=', id).executeTakeFirst()
  if (!r) throw notFound()
  return row(scope, r)
}

/** POST /admin/lesson_school_transfer_setting/save {id, transfer} */
export async function saveTransferSetting(scope: Scope, { id, transfer }: { id: number; transfer: boolean }) {
  return scope.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('lessons')
      .set({ school_transfer: transfer })
      .where('id', '=', id)
      .where('edition', '=', scope.edition.code)
      .returning(['id', 'alias', 'names', 'active', 'school_transfer'])
      .executeTakeFirst()
    if (!r) throw notFound()
    await audit(trx, scope.actor, { action: 'lesson.school_transfer', entity: 'lesson', id, data: { transfer } })
    return row(scope, r)
  })
}

/** Whether a school request for this subject and place goes to the school site at once. */
export async function handsToSchool(
  db: Executor,
  { lessonId, online }: { lessonId: number | null; online: boolean },
): Promise<boolean> {
  if (lessonId == null) return false
  const lesson = await db.selectFrom('lessons').select('school_transfer').where('id', '=', lessonId).executeTakeFirst()
  if (!lesson?.school_transfer) return false
  return online || (await getSetting(db, 'transfer_offline_lesson'))
}
