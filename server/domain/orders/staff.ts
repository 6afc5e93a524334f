// Staff actions on orders (docs/api.md#admin-orders, docs/product.md#4-states-and-transitions). Each runs through
// withOrderAction: the status machine decides, one order event records who and when, and the
// shared audit_log gets the staff action too. Rules the spec states: reviews only at status 7, a
// response only to a published review, no second review. Ours (docs/decisions.md#orders): repeating a flag
// change (yellow twice, school hand-off twice) is 409 wrong_status like any state rule.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import type { Scope } from '../shared/scope'
import { jsonb } from '../../../db/jsonb'
import { msg } from '../../../i18n/format'
import { t } from '../../../i18n/keys'
import { recomputeTutorReviews } from '../catalogue/reviews'
import { personSearch } from '../people/common'
import { type Actor, type Executor, SYSTEM, audit } from '../shared/audit'
import { FieldErrors, notFound, wrongStatus } from '../../../common/errors'
import type { SmsEventRef, SmsSender } from '../../integrations/sms/sms'
import type { z } from 'zod'
import type {
  ZAutoAppoint,
  ZDeleteTutor,
  ZFirstClass,
  ZOrderCreate,
  ZOrderSave,
  ZOrderTutor,
  ZSetFavorite,
  ZSetLost,
  ZSetPaid,
  ZSetPause,
  ZSetReview,
  ZSetReviewResponse,
} from '../../../common/schemas/admin/orders.schema'
import { type ActionOutcome, type OrderPatch, type OrderRow, applyMove, lockOrder, withOrderAction } from './core'
import { insertOrder, checkDraftReferences, type OrderDraft, requestFields } from './create'
import { type OrderAction, OrderStatus, transition } from '../../../common/order-status'
import { appointTutorInTrx, upsertOrderTutor } from './tutors'
import { firstClassInTrx } from './deal'
import { offerToPotentialTutors } from '../notifications/notifications'

/** Days a tutor has to pay the fee after the first lesson (our decision; docs/domain.md#who-pays-whom). */

const field = (name: string, key: Parameters<typeof msg>[0] = 'validation.required') =>
  new FieldErrors({ [name]: [msg(key)] })

/** The order a staff call acts on (every staff order call names it). */
export interface OrderRef {
  order_id: number
}

/** Runs a staff action and mirrors it into audit_log (entity order). */
async function staffAction<R = undefined>(
  scope: Scope,
  { order_id, action }: OrderRef & { action: OrderAction },
  // biome-ignore lint/suspicious/noConfusingVoidType: a body may end without a return (an async body then gives Promise<void>)
  body?: (trx: Executor, order: OrderRow) => Promise<ActionOutcome<R> | void>,
) {
  const { db, edition, actor } = scope
  const out = await withOrderAction<R>(
    db,
    { orderId: order_id, action, actor, edition: edition.code },
    async (trx, order, moved) => {
      const res = (await body?.(trx, order)) ?? {}
      await audit(trx, actor, {
        action: `order.${action}`,
        entity: 'order',
        id: order.id,
        data: { from: moved.from, to: moved.to, ...(res.data ?? {}) },
      })
      return res
    },
  )
  return { order_id: out.order_id, status: out.status, ...(out.result ?? {}) } as {
    order_id: number
    status: number
  } & (R extends object ? R : object)
}

// ——— create, copy, save, delete ———

export async function staffCreateOrder({ db, edition, actor }: Scope, input: z.output<typeof ZOrderCreate>) {
  const id = await db.transaction().execute((trx) => insertOrder(trx, { edition: edition.code, actor }, input.order))
  return { order_id: id }
}

/** A new order (status new) with the request fields of another one: the client, subject, place and wishes. */
export async function copyOrder({ db, edition, actor }: Scope, input: { id: number }) {
  return db.transaction().execute(async (trx) => {
    const o = await lockOrder(trx, input.id, { edition: edition.code })
    const id = await insertOrder(
      trx,
      { edition: edition.code, actor, copiedFrom: o.id },
      { kind: o.kind as OrderDraft['kind'], ...requestFields(o) },
    )
    return { order_id: id }
  })
}

/** The fields staff may edit with save (status, tutor, fee, payment and review have their own actions). */
export type EditableOrder = Omit<OrderDraft, 'personal_tutor_id' | 'first_class'>

export async function saveOrder(scope: Scope, input: z.output<typeof ZOrderSave>) {
  const changes: EditableOrder = input.order
  return staffAction(scope, { order_id: input.order_id, action: 'save' }, async (trx, o) => {
    // The client is checked only when it changes (a client deleted since keeps the order editable).
    const merged = {
      lesson_id: o.lesson_id,
      level_id: o.level_id,
      city_id: o.city_id,
      district_id: o.district_id,
      subdistrict_id: o.subdistrict_id,
      rate_id: o.rate_id,
      ...changes,
    }
    await checkDraftReferences(trx, scope.edition.code, merged)
    const patch: OrderPatch = {}
    const changed: string[] = []
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined) continue
      const current = (o as Record<string, unknown>)[k]
      if (current !== v) {
        ;(patch as Record<string, unknown>)[k] = v
        changed.push(k)
      }
    }
    // docs/product.md#5-validation-rules: no client place, no address.
    const travel = changes.location_travel ?? o.location_travel
    if (!travel && (patch.client_place ?? o.client_place) !== '') patch.client_place = ''
    return { patch, data: { changed } }
  })
}

export async function deleteOrder(scope: Scope, input: OrderRef) {
  return staffAction(scope, { ...input, action: 'delete' }, async () => ({ patch: { deleted_at: scope.now() } }))
}

// ——— routing ———

/**
 * Tutors who may take the order: listed in the catalogue read model for its subject, in its city
 * (home or travel asked) and/or online (online asked), not refusing new orders; in ranking order.
 */
export async function potentialTutorIds(
  db: Executor,
  o: Pick<OrderRow, 'lesson_id' | 'city_id' | 'location_home' | 'location_travel' | 'location_online'>,
  limit = 50,
) {
  if (!o.lesson_id) return []
  const places: number[] = []
  if ((o.location_home || o.location_travel || !o.location_online) && o.city_id) places.push(o.city_id)
  if (o.location_online) places.push(0)
  if (!places.length) return []
  const rows = await db
    .selectFrom('catalogue_listings as cl')
    .innerJoin('tutors as t', 't.id', 'cl.tutor_id')
    .select(['cl.tutor_id', sql<boolean>`bool_or(cl.is_top)`.as('top'), sql<number>`max(cl.rank_points)`.as('points')])
    .where('cl.lesson_id', '=', o.lesson_id)
    .where('cl.city_id', 'in', places)
    .where('t.no_new_orders', '=', false)
    .where('t.deleted_at', 'is', null)
    .groupBy('cl.tutor_id')
    .orderBy(sql`bool_or(cl.is_top)`, 'desc')
    .orderBy(sql`max(cl.rank_points)`, 'desc')
    .orderBy('cl.tutor_id')
    .limit(limit)
    .execute()
  return rows.map((r) => r.tutor_id)
}

export async function getPotentialTutors({ db, edition: ed }: Scope, { order_id: orderId }: OrderRef) {
  const o = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('edition', '=', ed.code)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!o) throw notFound()
  const ids = await potentialTutorIds(db, o)
  if (!ids.length) return { items: [], total: 0 }
  const [tutors, onOrder] = await Promise.all([
    db
      .selectFrom('tutors')
      .select(['id', 'name', 'avatar_url', 'rate_id', 'price', 'review_count', 'review_avg'])
      .where('id', 'in', ids)
      .execute(),
    db
      .selectFrom('order_tutors')
      .select(['tutor_id', 'role', 'response', 'yellow'])
      .where('order_id', '=', orderId)
      .execute(),
  ])
  const byId = new Map(tutors.map((t) => [t.id, t]))
  const state = new Map(onOrder.map((r) => [r.tutor_id, r]))
  const items = ids.map((id) => {
    const t = byId.get(id)!
    const s = state.get(id)
    return { ...t, tutor_id: id, order_role: s?.role ?? null, response: s?.response ?? null, yellow: s?.yellow ? 1 : 0 }
  })
  return { items, total: items.length }
}

export function setProcessing(scope: Scope, input: OrderRef) {
  return staffAction(scope, { ...input, action: 'set_processing' })
}

/** Offers the order to its potential tutors: an order_tutors row and a potential_orders notification each. */
export function setPotential(scope: Scope, input: OrderRef) {
  return staffAction(scope, { ...input, action: 'set_potential' }, async (trx, o) => ({
    data: {
      offered: await offerToPotentialTutors(trx, {
        order: o,
        tutorIds: await potentialTutorIds(trx, o),
        edition: scope.edition,
      }),
    },
  }))
}

export function setPotentialOff(scope: Scope, input: OrderRef) {
  return staffAction(scope, { ...input, action: 'set_potential_off' })
}

/**
 * Appoints the first potential tutor who responded, if the order asks for it and has no tutor yet.
 * Only rows with role 'potential' are candidates: a personal, removed or unrelated tutor is never
 * reached this way. Call it inside the transaction holding the order's lock (after a potential
 * response, or when staff switch auto-appointment on). Returns the appointed tutor id or null.
 */
export async function autoAppointInTrx(trx: Executor, orderId: number, actor: Actor = SYSTEM): Promise<number | null> {
  const o = await lockOrder(trx, orderId)
  if (!o.auto_appoint_potential || o.tutor_id !== null) return null
  const candidate = await trx
    .selectFrom('order_tutors')
    .select(['tutor_id'])
    .where('order_id', '=', orderId)
    .where('role', '=', 'potential')
    .where('response', '=', 'responded')
    .orderBy('responded_at')
    .orderBy('id')
    .executeTakeFirst()
  if (!candidate) return null
  const moved = transition(o, 'appoint_tutor', { kind: 'system' })
  const out = await appointTutorInTrx(trx, o, candidate.tutor_id)
  await applyMove(trx, o, {
    action: 'appoint_tutor',
    actor,
    moved,
    patch: out.patch,
    data: { ...out.data, auto: true },
  })
  return candidate.tutor_id
}

export async function setAutoAppointPotential(
  scope: Scope,
  { order_id: orderId, value }: z.output<typeof ZAutoAppoint>,
) {
  const out = await staffAction(
    scope,
    { order_id: orderId, action: 'set_auto_appoint_potential_tutors' },
    async () => ({ patch: { auto_appoint_potential: value }, data: { value } }),
  )
  // Switched on: a potential tutor who has already responded gets the order now.
  const appointed = value ? await scope.db.transaction().execute((trx) => autoAppointInTrx(trx, orderId)) : null
  const status = appointed ? OrderStatus.Appointed : out.status
  return { order_id: orderId, status, auto_appoint_potential: value ? 1 : 0, appointed_tutor_id: appointed }
}

export function setFavorite(scope: Scope, { order_id, add_favorite: value }: z.output<typeof ZSetFavorite>) {
  return staffAction(scope, { order_id, action: 'set_favorite' }, async () => ({
    patch: { favorite: value },
    data: { value },
  }))
}

/** Marks (value true) or unmarks the tutor's row on the order in yellow. */
export function markYellow(
  scope: Scope,
  { order_id, tutor_id: tutorId, value }: z.output<typeof ZOrderTutor> & { value: boolean },
) {
  return staffAction(
    scope,
    { order_id, action: value ? 'tutor_mark_yellow' : 'tutor_mark_yellow_off' },
    async (trx, o) => {
      const row = await trx
        .selectFrom('order_tutors')
        .select(['id', 'yellow'])
        .where('order_id', '=', o.id)
        .where('tutor_id', '=', tutorId)
        .forUpdate()
        .executeTakeFirst()
      if (!row) throw notFound()
      if (row.yellow === value) throw wrongStatus()
      await trx
        .updateTable('order_tutors')
        .set({ yellow: value, updated_at: sql`now()` })
        .where('id', '=', row.id)
        .execute()
      return { data: { tutor_id: tutorId } }
    },
  )
}

export function setSchool(scope: Scope, { order_id, state }: OrderRef & { state: 'new' | 'processing' }) {
  return staffAction(
    scope,
    { order_id, action: state === 'new' ? 'set_school_new' : 'set_school_processing' },
    async (_trx, o) => {
      // new: not handed over yet; processing: the school took a handed-over order.
      if (state === 'new' ? o.school_state !== null : o.school_state !== 'new') throw wrongStatus()
      return { patch: { school_state: state } }
    },
  )
}

export function setOtherSiteNew(scope: Scope, input: OrderRef) {
  return staffAction(scope, { ...input, action: 'set_other_site_new' }, async (_trx, o) => {
    if (o.other_site_state !== null) throw wrongStatus()
    return { patch: { other_site_state: 'new' } }
  })
}

// ——— the deal ———

export function staffAppointTutor(scope: Scope, { order_id, tutor_id }: z.output<typeof ZOrderTutor>) {
  return staffAction(scope, { order_id, action: 'appoint_tutor' }, (trx, o) => appointTutorInTrx(trx, o, tutor_id))
}

/** Removes the appointed tutor (no agreement, no fee): back to processing, debt and first lesson cleared. */
export function deleteTutor(
  scope: Scope,
  { order_id, tutor_id: tutorId, remove_reasons: removeReasons }: z.output<typeof ZDeleteTutor>,
) {
  return staffAction(scope, { order_id, action: 'delete_tutor' }, async (trx, o) => {
    if (o.tutor_id !== tutorId) throw notFound()
    await upsertOrderTutor(trx, { orderId: o.id, tutorId, role: 'removed', remove_reasons: removeReasons })
    return {
      patch: {
        tutor_id: null,
        appointed_at: null,
        fee_minor: null,
        fee_currency: null,
        first_class: null,
        date_payment_deadline: null,
      },
      data: { tutor_id: tutorId, remove_reasons: removeReasons, fee_minor: o.fee_minor },
    }
  })
}

export function staffSetFirstClass(scope: Scope, { order_id, first_class }: z.output<typeof ZFirstClass>) {
  return staffAction(scope, { order_id, action: 'set_first_class' }, (trx, o) => firstClassInTrx(trx, o, first_class))
}

/** The payment as the set_paid schema parsed it: amount in integer minor units, date YYYY-MM-DD. */
export type PaymentData = z.output<typeof ZSetPaid>['payment_data']

export function setPaid(scope: Scope, { order_id, payment_data: p }: z.output<typeof ZSetPaid>) {
  // A payment recorded by hand has happened: its date is not in the future (a day of slack for time zones).
  if (new Date(`${p.date}T00:00:00Z`).getTime() > scope.now().getTime() + 86_400_000)
    throw new FieldErrors({ 'payment_data.date': [msg('validation.invalid')] })
  return staffAction(scope, { order_id, action: 'set_paid' }, async (_trx, o) => {
    const data = {
      amount: p.amount / 100,
      amount_minor: p.amount,
      currency: o.fee_currency ?? scope.edition.currency,
      method: p.method,
      date: p.date,
      ...(p.comment ? { comment: p.comment } : {}),
      recorded_by_staff_id: scope.actor.id,
    }
    return { patch: { payment_data: jsonb(data) as never, paid_at: scope.now() }, data: { payment_data: data } }
  })
}

export function setPaidOff(scope: Scope, input: OrderRef) {
  return staffAction(scope, { ...input, action: 'set_paid_off' }, async (_trx, o) => {
    // A reviewed order stays paid: reviews exist only on paid orders (docs/domain.md).
    if (o.review_mark !== null) throw wrongStatus()
    return { patch: { payment_data: null, paid_at: null }, data: { payment_data: o.payment_data } }
  })
}

export function setLost(
  scope: Scope,
  { order_id, remove_reasons: removeReasons }: Pick<z.output<typeof ZSetLost>, 'order_id' | 'remove_reasons'>,
) {
  return staffAction(scope, { order_id, action: 'set_lost' }, async () => ({
    patch: { remove_reasons: removeReasons },
    data: { remove_reasons: removeReasons },
  }))
}

export function setLostOff(scope: Scope, input: OrderRef) {
  return staffAction(scope, { ...input, action: 'set_lost_off' }, async (_trx, o) => ({
    patch: { remove_reasons: null },
    data: { remove_reasons: o.remove_reasons },
  }))
}

export function setPause(scope: Scope, { order_id, date_pause_off: dateOff }: z.output<typeof ZSetPause>) {
  if (!(dateOff.getTime() > scope.now().getTime())) throw field('date_pause_off', 'validation.invalid')
  return staffAction(scope, { order_id, action: 'set_pause' }, async () => ({
    patch: { date_pause_off: dateOff },
    data: { date_pause_off: dateOff.toISOString() },
  }))
}

export function unpause(scope: Scope, input: OrderRef) {
  return staffAction(scope, { ...input, action: 'unpause' }, async () => ({ patch: { date_pause_off: null } }))
}

/** Orders whose pause ended go back to where they were (a sweep; system actor). */
export async function unpauseDue(db: Db): Promise<number[]> {
  const due = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', OrderStatus.Paused)
    .where('deleted_at', 'is', null)
    .where('date_pause_off', '<=', new Date())
    .execute()
  const done: number[] = []
  for (const { id } of due) {
    await withOrderAction(db, { orderId: id, action: 'unpause', actor: SYSTEM }, async (_trx, o) =>
      o.date_pause_off && o.date_pause_off <= new Date() ? { patch: { date_pause_off: null } } : { patch: {} },
    )
      .then(() => done.push(id))
      .catch(() => {})
  }
  return done
}

// ——— reviews (status 7 only, by the table) ———

/**
 * Staff set the order's review: refused when a mark already exists (409). Writes the reviews row
 * (published) and recomputes the tutor's figures, so profile and catalogue show it at once.
 */
export function staffSetReview(scope: Scope, { order_id, review_mark, review_text }: z.output<typeof ZSetReview>) {
  return staffAction(scope, { order_id, action: 'set_review' }, (trx, o) =>
    writeReviewInTrx(trx, o, { mark: review_mark, text: review_text }),
  )
}

/** The body of set_review for staff and (through the client area) the order's client. */
export async function writeReviewInTrx(
  trx: Executor,
  o: OrderRow,
  { mark, text }: { mark: number; text: string },
): Promise<ActionOutcome<{ review_id: number }>> {
  if (o.review_mark !== null) throw wrongStatus()
  if (!o.tutor_id) throw wrongStatus()
  const review = await trx
    .insertInto('reviews')
    .values({
      tutor_id: o.tutor_id,
      client_id: o.client_id,
      order_id: o.id,
      lesson_id: o.lesson_id,
      level_id: o.level_id,
      client_name: o.client_name,
      mark,
      text,
      status: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await recomputeTutorReviews(trx, o.tutor_id)
  return {
    patch: { review_mark: mark, review_text: text, review_status: 1, review_id: review.id },
    data: { review_mark: mark, review_id: review.id },
    result: { review_id: review.id },
  }
}

/** A response to the order's review: only to a published review (review_status 1). */
export async function writeReviewResponseInTrx(trx: Executor, o: OrderRow, text: string): Promise<ActionOutcome> {
  if (o.review_status !== 1 || o.review_id === null) throw wrongStatus()
  await trx.updateTable('reviews').set({ response_text: text }).where('id', '=', o.review_id).execute()
  return { patch: { review_response_text: text }, data: { review_id: o.review_id } }
}

export function staffSetReviewResponse(
  scope: Scope,
  { order_id, review_response_text }: z.output<typeof ZSetReviewResponse>,
) {
  return staffAction(scope, { order_id, action: 'set_review_response' }, (trx, o) =>
    writeReviewResponseInTrx(trx, o, review_response_text),
  )
}

/** No review will come for this order (it is not asked for again). */
export function setNoReview(scope: Scope, input: OrderRef) {
  return staffAction(scope, { ...input, action: 'set_no_review' }, async (_trx, o) => {
    if (o.no_review || o.review_mark !== null) throw wrongStatus()
    return { patch: { no_review: true } }
  })
}

/** Empties the order's review: the review leaves the profile and the catalogue figures; a new one may be set. */
export function setEmptyReview(scope: Scope, input: OrderRef) {
  return staffAction(scope, { ...input, action: 'set_empty_review' }, async (trx, o) => {
    if (o.review_mark === null) throw wrongStatus()
    if (o.review_id !== null) {
      // orders.review_id references the row: let go of it first.
      await trx.updateTable('orders').set({ review_id: null }).where('id', '=', o.id).execute()
      await trx.deleteFrom('reviews').where('id', '=', o.review_id).execute()
    }
    if (o.tutor_id) await recomputeTutorReviews(trx, o.tutor_id)
    return {
      patch: { review_mark: null, review_text: null, review_response_text: null, review_status: null, review_id: null },
      data: { review_mark: o.review_mark, review_text: o.review_text },
    }
  })
}

// ——— tutors search, SMS ———

export async function searchTutors(
  { db, edition: ed }: Scope,
  { order_id: orderId, filters }: { order_id: number; filters: { text_search?: string } },
) {
  const text = filters.text_search ?? ''
  const o = await db
    .selectFrom('orders')
    .select(['id'])
    .where('id', '=', orderId)
    .where('edition', '=', ed.code)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!o) throw notFound()
  let q = db
    .selectFrom('tutors as t')
    .innerJoin('people as p', 'p.id', 't.person_id')
    .leftJoin('order_tutors as ot', (j) => j.onRef('ot.tutor_id', '=', 't.id').on('ot.order_id', '=', orderId))
    .select([
      't.id',
      't.name',
      'p.email',
      'p.phone',
      't.active',
      't.published',
      't.rate_id',
      't.review_count',
      't.review_avg',
      'ot.role as order_role',
      'ot.yellow',
    ])
    .where('t.deleted_at', 'is', null)
  const trimmed = text.trim()
  if (trimmed) q = q.where(personSearch(trimmed, ed, 't'))
  const rows = await q.orderBy('t.id', 'desc').limit(20).execute()
  return { items: rows.map((r) => ({ ...r, tutor_id: r.id, yellow: r.yellow ? 1 : 0 })), total: rows.length }
}

/**
 * Sends the client an SMS about the order: its number and the appointed tutor's name and phone, if
 * any. The message is composed and the action recorded in the transaction; it is sent after the
 * commit (the SMS sender writes the outbox on its own connection).
 */
export async function smsClient(scope: Scope, input: OrderRef, sms: SmsSender) {
  const ed = scope.edition
  const out = await staffAction<{ to: string; text: string; event: SmsEventRef }>(
    scope,
    { ...input, action: 'sms_client' },
    async (trx, o) => {
      if (!o.client_phone) throw field('client_phone')
      const tutor = o.tutor_id
        ? await trx
            .selectFrom('tutors as t')
            .innerJoin('people as p', 'p.id', 't.person_id')
            .select(['t.name', 'p.phone'])
            .where('t.id', '=', o.tutor_id)
            .executeTakeFirst()
        : undefined
      const event: SmsEventRef = tutor
        ? {
            name: 'order_client_tutor',
            locale: ed.defaultLocale,
            params: { order: o.id, tutor: tutor.name, phone: tutor.phone ? `${ed.phone.prefix}${tutor.phone}` : '' },
          }
        : { name: 'order_client', locale: ed.defaultLocale, params: { order: o.id } }
      const text = t(ed.defaultLocale, `sms.${event.name}` as 'sms.order_client', event.params)
      return { data: { to: 'client' }, result: { to: `${ed.phone.prefix}${o.client_phone}`, text, event } }
    },
  )
  await sms.send(out.to, out.text, out.event)
  return { order_id: out.order_id, status: out.status, sent: true as const }
}

/** Sends the appointed tutor an SMS with the client's name and phone (409 when nobody is appointed). */
export async function smsTutor(scope: Scope, input: OrderRef, sms: SmsSender) {
  const ed = scope.edition
  const out = await staffAction<{ to: string; text: string; event: SmsEventRef }>(
    scope,
    { ...input, action: 'sms_tutor' },
    async (trx, o) => {
      if (!o.tutor_id) throw wrongStatus()
      const tutor = await trx
        .selectFrom('tutors as t')
        .innerJoin('people as p', 'p.id', 't.person_id')
        .select(['p.phone'])
        .where('t.id', '=', o.tutor_id)
        .executeTakeFirst()
      if (!tutor?.phone) throw field('tutor_phone')
      const params = {
        order: o.id,
        client: o.client_name,
        phone: o.client_phone ? `${ed.phone.prefix}${o.client_phone}` : '',
      }
      const text = t(ed.defaultLocale, 'sms.order_tutor', params)
      return {
        data: { to: 'tutor', tutor_id: o.tutor_id },
        result: {
          to: `${ed.phone.prefix}${tutor.phone}`,
          text,
          event: { name: 'order_tutor', locale: ed.defaultLocale, params },
        },
      }
    },
  )
  await sms.send(out.to, out.text, out.event)
  return { order_id: out.order_id, status: out.status, sent: true as const }
}
