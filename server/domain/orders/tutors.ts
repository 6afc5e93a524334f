// The tutors of an order: appointment (with the fee copied from order_fees, docs/domain.md "Our decision
// on the fee"), removal, and the order_tutors rows. Used by staff, client and system appointments.
import { sql } from 'kysely'
import type { Executor } from '../shared/audit'
import { FieldErrors, DomainError } from '../../../common/errors'
import { msg } from '../../../i18n/format'
import type { ActionOutcome, OrderRow } from './core'
import { notify } from './notifications'

/**
 * The fee for an order's price band in its edition: the band's row, else the edition default (rate_id
 * null). No positive rule: the appointment is refused (an order is never silently free).
 */
export async function feeFor(
  db: Executor,
  edition: string,
  rateId: number | null,
): Promise<{ fee_minor: number; currency: string }> {
  const rows = await db
    .selectFrom('order_fees')
    .select(['rate_id', 'fee_minor', 'currency'])
    .where('edition', '=', edition)
    .where((eb) =>
      rateId == null ? eb('rate_id', 'is', null) : eb.or([eb('rate_id', '=', rateId), eb('rate_id', 'is', null)]),
    )
    .execute()
  const row = rows.find((r) => r.rate_id === rateId) ?? rows.find((r) => r.rate_id === null)
  if (!row || row.fee_minor <= 0) throw new DomainError('wrong_status', 'errors.no_order_fee')
  return { fee_minor: row.fee_minor, currency: row.currency }
}

/** An active, not deleted tutor, or a 422 on tutor_id. */
export async function checkTutor(db: Executor, tutorId: number) {
  const tutor = await db
    .selectFrom('tutors')
    .select(['id', 'name', 'active', 'deleted_at'])
    .where('id', '=', tutorId)
    .executeTakeFirst()
  if (!tutor || tutor.deleted_at || !tutor.active) throw new FieldErrors({ tutor_id: [msg('validation.invalid')] })
  return tutor
}

/** Adds or updates the tutor's row on the order; returns its id (the spec's response_id). */
export async function upsertOrderTutor(
  db: Executor,
  {
    orderId,
    tutorId,
    role,
    ...extra
  }: {
    orderId: number
    tutorId: number
    role: 'personal' | 'potential' | 'appointed' | 'removed'
    remove_reasons?: string | null
  },
) {
  const removed = role === 'removed'
  const row = await db
    .insertInto('order_tutors')
    .values({
      order_id: orderId,
      tutor_id: tutorId,
      role,
      remove_reasons: extra.remove_reasons ?? null,
      removed_at: removed ? sql`now()` : null,
    })
    .onConflict((oc) =>
      oc.columns(['order_id', 'tutor_id']).doUpdateSet({
        role,
        remove_reasons: removed ? (extra.remove_reasons ?? null) : sql`order_tutors.remove_reasons`,
        removed_at: removed ? sql`now()` : null,
        updated_at: sql`now()`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * The body of an appoint_tutor action (call it inside withOrderAction): the tutor becomes the
 * order's tutor, the fee of the order's band is copied onto the order so later fee changes do not
 * move this debt, and the tutor gets an 'assigned' notification.
 */
export async function appointTutorInTrx(
  trx: Executor,
  order: OrderRow,
  tutorId: number,
): Promise<ActionOutcome<{ response_id: number }>> {
  if (order.tutor_id !== null) throw new DomainError('wrong_status', 'Невірний статус!')
  const tutor = await checkTutor(trx, tutorId)
  const fee = await feeFor(trx, order.edition, order.rate_id)
  const responseId = await upsertOrderTutor(trx, { orderId: order.id, tutorId, role: 'appointed' })
  await notify(trx, {
    recipient_kind: 'tutor',
    recipient_id: tutorId,
    type: 'assigned',
    order_id: order.id,
    response_id: responseId,
    data: { name: order.client_name },
  })
  return {
    patch: { tutor_id: tutorId, appointed_at: new Date(), fee_minor: fee.fee_minor, fee_currency: fee.currency },
    data: { tutor_id: tutorId, tutor_name: tutor.name, fee_minor: fee.fee_minor, currency: fee.currency },
    result: { response_id: responseId },
  }
}
