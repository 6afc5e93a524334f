// Demo orders (docs/contract.md: `bun run seed` includes orders and reviews), made through the order
// domain so each is in a state the product itself reaches: a new personal request to the demo
// tutor, one waiting for the tutor's fee, and a paid one the client has reviewed: the tutor topped up
// the wallet twice and paid that order's fee from it, as the wallet page does.
import type { Db } from '../client'
import type { Edition } from '../../common/editions'
import { clientSetReview } from '../../server/domain/orders/client-orders'
import { createOrder } from '../../server/domain/orders/create'
import { payOrderFromWallet } from '../../server/domain/money/wallet'
import { staffAppointTutor, staffSetFirstClass } from '../../server/domain/orders/staff'
import type { Actor } from '../../server/domain/shared/audit'
import { systemScope } from '../../server/domain/shared/scope'
import { demoWords } from './demo-people'
import { seedDemoTopUp } from './demo-activity'
import { atLocalHour } from './demo-time'

const DAY = 86_400_000
const HOUR = 3_600_000

/**
 * The services stamp what they do with the present moment, so the demo account's orders would all have
 * been made the second the seed ran, after the chat that demo-activity.ts dates from the appointment.
 * Each gets a past of its own: made, then appointed, then its first lesson agreed (its event log and
 * tutor row too); a step not named keeps its moment.
 */
async function backdate(db: Db, orderId: number, at: { created: Date; appointed?: Date; firstClassSet?: Date }) {
  await db
    .updateTable('orders')
    .set({ created_at: at.created, ...(at.appointed ? { appointed_at: at.appointed } : {}) })
    .where('id', '=', orderId)
    .execute()
  const events: [string, Date | undefined][] = [
    ['order.create', at.created],
    ['appoint_tutor', at.appointed],
    ['set_first_class', at.firstClassSet],
  ]
  for (const [action, when] of events)
    if (when)
      await db
        .updateTable('order_events')
        .set({ at: when })
        .where('order_id', '=', orderId)
        .where('action', '=', action)
        .execute()
  if (at.appointed)
    await db.updateTable('order_tutors').set({ created_at: at.appointed }).where('order_id', '=', orderId).execute()
}

export async function seedDemoOrders(
  db: Db,
  ed: Edition,
  a: { tutorId: number; clientId: number; clientName: string; clientEmail: string },
) {
  const lesson = await db
    .selectFrom('lessons')
    .select('id')
    .where('edition', '=', ed.code)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  if (!lesson) return
  const client: Actor = { kind: 'client', id: a.clientId }
  const words = demoWords(ed.code)
  // Staff steps are the first demo staff member's, as if done in the panel.
  const admin = await db.selectFrom('staff').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()
  const staff: Actor = { kind: 'staff', id: admin.id }
  const draft = {
    client_id: a.clientId,
    client_name: a.clientName,
    client_email: a.clientEmail,
    lesson_id: lesson.id,
    location_online: true,
    class_regularity: 2,
    class_duration: 60,
  }
  const asClient = systemScope(db, ed, { actor: client })
  const asStaff = systemScope(db, ed, { actor: staff })
  const now = Date.now()
  const personal = await createOrder(asClient, {
    ...draft,
    personal_tutor_id: a.tutorId,
    description: words.requests[0]!,
  })
  await backdate(db, personal, { created: new Date(now - 3 * HOUR) })

  const waiting = await createOrder(asClient, { ...draft, description: words.requests[1]! })
  await staffAppointTutor(asStaff, { order_id: waiting, tutor_id: a.tutorId })
  await staffSetFirstClass(asStaff, {
    order_id: waiting,
    first_class: atLocalHour(new Date(now + 2 * DAY), ed.timeZone, 17),
  })
  // Appointed two days ago; the chat (from an hour later, every two hours) agrees the lesson, then it is set.
  await backdate(db, waiting, {
    created: new Date(now - 3 * DAY),
    appointed: new Date(now - 2 * DAY),
    firstClassSet: new Date(now - 2 * DAY + 10 * HOUR),
  })

  const paid = await createOrder(asClient, { ...draft, description: words.requests[2]! })
  await staffAppointTutor(asStaff, { order_id: paid, tutor_id: a.tutorId })
  await staffSetFirstClass(asStaff, {
    order_id: paid,
    first_class: atLocalHour(new Date(now - 10 * DAY), ed.timeZone, 16),
  })
  await backdate(db, paid, {
    created: new Date(now - 16 * DAY),
    appointed: new Date(now - 15 * DAY),
    firstClassSet: new Date(now - 15 * DAY + 10 * HOUR),
  })
  const { fee_minor: fee } = await db
    .selectFrom('orders')
    .select('fee_minor')
    .where('id', '=', paid)
    .executeTakeFirstOrThrow()
  const unit = fee ?? 10_000
  await seedDemoTopUp(db, ed, { tutorId: a.tutorId, amount: 4 * unit, at: new Date(Date.now() - 40 * DAY) })
  await seedDemoTopUp(db, ed, { tutorId: a.tutorId, amount: 3 * unit, at: new Date(Date.now() - 12 * DAY) })
  const asTutor = systemScope(db, ed, {
    actor: { kind: 'tutor', id: a.tutorId },
    now: () => new Date(Date.now() - 5 * DAY),
  })
  await payOrderFromWallet(asTutor, { order_id: paid })
  await clientSetReview(asClient, {
    order_id: paid,
    review_mark: words.reviews[0]![0],
    review_text: words.reviews[0]![1],
  })
}
