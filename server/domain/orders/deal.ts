// Steps of the deal shared by every actor who may take them (staff, the tutor, the client): each is
// the body of an action run inside withOrderAction (core.ts), on the locked order row.
import type { Executor } from '../shared/audit'
import { FieldErrors } from '../../../common/errors'
import { msg } from '../../../i18n/format'
import { paymentDeadline } from '../notifications/notifications'
import type { ActionOutcome, OrderRow } from './core'
import { notify } from './notifications'

/**
 * The body of set_first_class for every actor: the first lesson's date, the payment deadline
 * (first lesson + PAYMENT_DAYS) and the tutor's waiting_for_pay notification.
 */
export async function firstClassInTrx(
  trx: Executor,
  order: OrderRow,
  firstClass: Date,
): Promise<ActionOutcome<{ date_payment_deadline: string }>> {
  if (Number.isNaN(firstClass.getTime())) throw new FieldErrors({ first_class: [msg('validation.invalid')] })
  const deadline = paymentDeadline(firstClass)
  if (order.tutor_id) {
    await trx
      .deleteFrom('notifications')
      .where('order_id', '=', order.id)
      .where('type', '=', 'waiting_for_pay')
      .where('read_at', 'is', null)
      .execute()
    await notify(trx, {
      recipient_kind: 'tutor',
      recipient_id: order.tutor_id,
      type: 'waiting_for_pay',
      order_id: order.id,
      data: { date_payment_deadline: deadline.toISOString() },
    })
  }
  return {
    patch: { first_class: firstClass, date_payment_deadline: deadline },
    data: { first_class: firstClass.toISOString(), date_payment_deadline: deadline.toISOString() },
    result: { date_payment_deadline: deadline.toISOString() },
  }
}
