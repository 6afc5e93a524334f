// Tutor notifications (docs/product.md#3-entities-and-their-fields): what the bell lists, marking read, the messages a
// personal request sends, offers to potential tutors, and the payment-deadline sweep.
// Rows are written by server/domain/orders/notifications.ts `notify` in the transaction of the change.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { t } from '../../../i18n/keys'
import type { Edition } from '../../../common/editions'
import type { Mailer } from '../../integrations/mail/mailer'
import type { SmsSender } from '../../integrations/sms/sms'
import type { Executor } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { actingAs } from '../shared/acting'
import { localName } from '../shared/names'
import { notify } from '../orders/notifications'
import { upsertOrderTutor } from '../orders/tutors'
import { OrderStatus } from '../../../common/order-status'

/** Our decision (the spec names the deadline, not its length): the fee is due 3 days after the first lesson. */
export const PAYMENT_DAYS = 3
const PROFILE_NOTICES = ['profile_welcome', 'profile_live', 'profile_sent_back'] as const
export const paymentDeadline = (firstClass: Date) => new Date(firstClass.getTime() + PAYMENT_DAYS * 86_400_000)

type Row = { id: number | string; order_id: number | null; data: unknown; created_at: Date | string }
const dataOf = (r: Row) => (r.data && typeof r.data === 'object' ? (r.data as Record<string, unknown>) : {})
const epoch = (v: unknown) => (v ? Math.floor(new Date(v as string).getTime() / 1000) : null)

/**
 * GET /tutor/on_site_notifications: the tutor's unread notifications grouped as
 * docs/product.md#3-entities-and-their-fields names them. `id` is the order's id (what the bell links to);
 * `notification_id` marks one read.
 */
export async function tutorNotifications(scope: Scope) {
  const tutorId = actingAs(scope, 'tutor')
  const rows = await scope.db
    .selectFrom('notifications')
    .select(['id', 'type', 'order_id', 'data', 'created_at'])
    .where('recipient_kind', '=', 'tutor')
    .where('recipient_id', '=', tutorId)
    .where('read_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(500)
    .execute()
  const of = (type: string) => rows.filter((r) => r.type === type)
  const base = (r: Row) => ({ id: r.order_id, notification_id: Number(r.id) })
  return {
    personal_orders: of('personal_orders').map((r) => ({
      ...base(r),
      client_name: String(dataOf(r).client_name ?? ''),
    })),
    potential_orders: of('potential_orders').map((r) => ({
      ...base(r),
      lessons_name: (dataOf(r).lessons_name as string[] | undefined) ?? [],
    })),
    assigned: of('assigned').map((r) => ({ ...base(r), name: String(dataOf(r).name ?? '') })),
    waiting_for_pay: of('waiting_for_pay').map((r) => ({
      ...base(r),
      date_payment_deadline: epoch(dataOf(r).date_payment_deadline),
    })),
    deadline_pay_date: of('deadline_pay_date').map(base),
    overdue_pay_date: of('overdue_pay_date').map(base),
    client_notifications: of('client_notifications').map((r) => ({ ...base(r), name: String(dataOf(r).name ?? '') })),
    admin_notifications: of('admin_notifications').map((r) => {
      const d = dataOf(r)
      const kind = PROFILE_NOTICES.find((k) => k === d.kind)
      return {
        ...base(r),
        name: String(d.name ?? ''),
        ...(kind ? { kind, ...(typeof d.reason === 'string' ? { reason: d.reason } : {}) } : {}),
      }
    }),
    count: rows.length,
  }
}

/** Marks the tutor's notifications read: the given ids, those of one order, of one type, or all. */
export async function markTutorNotificationsRead(
  scope: Scope,
  f: { ids?: number[]; order_id?: number; type?: string } = {},
) {
  const tutorId = actingAs(scope, 'tutor')
  let q = scope.db
    .updateTable('notifications')
    .set({ read_at: sql`now()` })
    .where('recipient_kind', '=', 'tutor')
    .where('recipient_id', '=', tutorId)
    .where('read_at', 'is', null)
  if (f.ids?.length) q = q.where('id', 'in', f.ids)
  if (f.order_id) q = q.where('order_id', '=', f.order_id)
  if (f.type) q = q.where('type', '=', f.type)
  const res = await q.executeTakeFirst()
  return { marked: Number(res.numUpdatedRows) }
}

/**
 * The e-mail and SMS a personal request sends its tutor (the on-site rows are written by
 * insertOrder). Sent after the order's transaction commits; a failed send does not undo the order.
 */
export async function sendPersonalRequestMessages(
  db: Db,
  a: {
    orderId: number
    tutorId: number
    clientName: string
    edition: Edition
    mail: Mailer
    sms: SmsSender
    origin: string
  },
) {
  const tutor = await db
    .selectFrom('tutors as t')
    .innerJoin('people as p', 'p.id', 't.person_id')
    .select(['p.email', 'p.phone'])
    .where('t.id', '=', a.tutorId)
    .executeTakeFirst()
  if (!tutor) return
  const locale = a.edition.defaultLocale
  const params = { client_name: a.clientName || '—', order_id: a.orderId, link: `${a.origin}/zayavka/${a.orderId}/` }
  if (tutor.email)
    await a.mail.send({
      to: tutor.email,
      subject: t(locale, 'mail.personal_order_subject'),
      text: t(locale, 'mail.personal_order_body', params),
      event: { name: 'personal_order', locale, params },
    })
  if (tutor.phone)
    await a.sms.send(`${a.edition.phone.prefix}${tutor.phone}`, t(locale, 'sms.personal_order', params), {
      name: 'personal_order',
      locale,
      params,
    })
}

/**
 * Offers an order to potential tutors (staff's set_potential and the routing call this inside
 * their action's transaction): an order_tutors row with role potential and a potential_orders
 * notification carrying the subject's names. Tutors already on the order (or removed from it) are left as they are.
 */
export async function offerToPotentialTutors(
  trx: Executor,
  {
    order,
    tutorIds,
    edition: ed,
  }: { order: { id: number; lesson_id: number | null }; tutorIds: number[]; edition: Edition },
) {
  const lesson = order.lesson_id
    ? await trx.selectFrom('lessons').select('names').where('id', '=', order.lesson_id).executeTakeFirst()
    : undefined
  const lessons_name = lesson ? [localName(lesson.names, ed.defaultLocale, ed)] : []
  const offered: number[] = []
  for (const tutorId of tutorIds) {
    const existing = await trx
      .selectFrom('order_tutors')
      .select('role')
      .where('order_id', '=', order.id)
      .where('tutor_id', '=', tutorId)
      .executeTakeFirst()
    if (existing) continue // a personal tutor keeps its role; a removed tutor is not offered again
    const responseId = await upsertOrderTutor(trx, { orderId: order.id, tutorId, role: 'potential' })
    await notify(trx, {
      recipient_kind: 'tutor',
      recipient_id: tutorId,
      type: 'potential_orders',
      order_id: order.id,
      response_id: responseId,
      data: { lessons_name },
    })
    offered.push(tutorId)
  }
  return offered
}

/**
 * The payment-deadline sweep (server/main.ts calls it every minute): for orders waiting for the
 * fee, a deadline_pay_date notification on the deadline's day and an overdue_pay_date one on any
 * later day, each once per order. Days are counted in the edition's time zone.
 */
export async function sweepPaymentDeadlines(db: Db, ed: Edition, now: Date = new Date()) {
  const tz = ed.timeZone
  const day = (col: string) => sql`(${sql.ref(col)} at time zone ${tz})::date`
  const today = sql`(${now}::timestamptz at time zone ${tz})::date`
  let emitted = 0
  for (const [type, cmp] of [
    ['deadline_pay_date', sql`${day('o.date_payment_deadline')} = ${today}`],
    ['overdue_pay_date', sql`${day('o.date_payment_deadline')} < ${today}`],
  ] as const) {
    const due = await db
      .selectFrom('orders as o')
      .select(['o.id', 'o.tutor_id'])
      .where('o.edition', '=', ed.code)
      .where('o.status', '=', OrderStatus.WaitingForPay)
      .where('o.deleted_at', 'is', null)
      .where('o.tutor_id', 'is not', null)
      .where('o.date_payment_deadline', 'is not', null)
      .where(cmp as never)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('notifications as n')
              .select('n.id')
              .whereRef('n.order_id', '=', 'o.id')
              .where('n.type', '=', type)
              .whereRef('n.recipient_id', '=', 'o.tutor_id'),
          ),
        ),
      )
      .limit(1000)
      .execute()
    for (const o of due) {
      await notify(db, { recipient_kind: 'tutor', recipient_id: o.tutor_id!, type, order_id: o.id })
      emitted++
    }
  }
  return { emitted }
}
