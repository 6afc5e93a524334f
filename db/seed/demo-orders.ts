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
  await createOrder(asClient, { ...draft, personal_tutor_id: a.tutorId, description: words.requests[0]! })

  const waiting = await createOrder(asClient, { ...draft, description: words.requests[1]! })
  await staffAppointTutor(asStaff, { order_id: waiting, tutor_id: a.tutorId })
  await staffSetFirstClass(asStaff, {
    order_id: waiting,
    first_class: atLocalHour(new Date(Date.now() + 2 * DAY), ed.timeZone, 17),
  })

  const paid = await createOrder(asClient, { ...draft, description: words.requests[2]! })
  await staffAppointTutor(asStaff, { order_id: paid, tutor_id: a.tutorId })
  await staffSetFirstClass(asStaff, {
    order_id: paid,
    first_class: atLocalHour(new Date(Date.now() - 10 * DAY), ed.timeZone, 16),
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
