// Telephony (docs/api.md#admin-telephony "Telephony"). Incoming calls arrive as the
// provider's signed webhook, are matched by the caller's number to a client or a tutor (the phone as
// the project keeps it: phoneDigits) and to their latest open order, and tell staff (an income_calls
// notification). Staff call back an incoming call, call an order's client or tutor, or a tutor; each
// outgoing call is stored with the order, the incoming call it answers and the staff member who
// placed it. Provider status callbacks update a call's status, duration and recording.
import { type Expression, sql } from 'kysely'
import { FieldErrors, forbidden, notFound } from '../../../common/errors'
import type { Call, CallParty } from '../../../common/schemas/admin/telephony.schema'
import { phoneDigits } from '../../../common/validators'
import { msg } from '../../../i18n/format'
import { OrderStatus } from '../../../common/order-status'
import { type CallEvent, type TelephonyProvider, callEventOf } from '../../integrations/telephony/provider'
import { notify } from '../orders/notifications'
import { iso, PER_PAGE } from '../people/common'
import { type Executor, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'

export interface TelephonyDeps {
  telephony: TelephonyProvider
  /** The site's public origin: webhooks are signed over the URL the provider requested. */
  origin: string
}

/** Orders that are still being worked on: not paid, not lost. */
const CLOSED = [OrderStatus.Paid, OrderStatus.Lost]

// ——— reading ———

function callsQuery(db: Executor) {
  return db
    .selectFrom('calls as c')
    .leftJoin('staff as s', 's.id', 'c.admin_id')
    .leftJoin('clients as cl', (j) => j.onRef('cl.id', '=', 'c.recipient_id').on('c.recipient', '=', 'client'))
    .leftJoin('tutors as t', (j) => j.onRef('t.id', '=', 'c.recipient_id').on('c.recipient', '=', 'tutor'))
    .select([
      'c.id',
      'c.direction',
      'c.provider',
      'c.provider_call_id',
      'c.from_number',
      'c.to_number',
      'c.recipient',
      'c.recipient_id',
      'c.order_id',
      'c.admin_id',
      'c.income_call_id',
      'c.status',
      'c.duration',
      'c.recording_url',
      'c.created_at',
      's.name as admin_name',
      sql<string | null>`coalesce(cl.name, t.name)`.as('recipient_name'),
      sql<number>`(select count(*)::int from calls o where o.income_call_id = c.id)`.as('callbacks'),
    ])
}
type CallRow = Awaited<ReturnType<ReturnType<typeof callsQuery>['executeTakeFirstOrThrow']>>

const answer = (r: CallRow): Call => ({
  id: r.id,
  direction: r.direction as Call['direction'],
  provider: r.provider,
  provider_call_id: r.provider_call_id,
  from: r.from_number,
  to: r.to_number,
  recipient: r.recipient as CallParty,
  recipient_id: r.recipient_id,
  recipient_name: r.recipient_name,
  order_id: r.order_id,
  admin_id: r.admin_id,
  admin_name: r.admin_name,
  income_call_id: r.income_call_id,
  status: r.status,
  duration: r.duration,
  recording_url: r.recording_url,
  callbacks: Number(r.callbacks),
  created_at: iso(r.created_at)!,
})

async function readCall(db: Executor, id: number): Promise<Call> {
  return answer(await callsQuery(db).where('c.id', '=', id).executeTakeFirstOrThrow())
}

/** Outcomes of an outgoing call that did not reach the person: such a call back does not return the call. */
export const UNREACHED = ['busy', 'failed', 'no-answer', 'canceled'] as const

/**
 * "Returned" (the desktop's calls_to_return widget and the list's `returned` filter, one definition):
 * an incoming call is returned once staff placed an outgoing call naming it (POST /admin/call/outcome_to_income,
 * `income_call_id`) that did not end unreached (busy, failed, no-answer, canceled) — a call back still
 * ringing or talking counts. A call to return is an incoming call of the edition, not deleted, that no
 * such call back names. Whether the operator picked the incoming call up is not known to us (the
 * provider reports the caller's leg only), so it does not count; other calls from the same number do not either.
 */
export function returnedCall(id: Expression<number>) {
  return sql<boolean>`exists (select 1 from calls o where o.income_call_id = ${id} and o.direction = 'out' and o.status not in (${sql.join(UNREACHED.map((s) => sql`${s}`))}))`
}

/** The edition's incoming calls still in the list. */
export function incomingCalls(scope: Pick<Scope, 'db' | 'edition'>) {
  return scope.db
    .selectFrom('calls as c')
    .where('c.direction', '=', 'in')
    .where('c.deleted_at', 'is', null)
    .where('c.edition', '=', scope.edition.code)
}

/** POST /admin/telephony/incomes/get {page, filters: {admin_id?, who_calls: {recipient?}, returned?}}: newest first. */
export async function listIncomes(
  scope: Scope,
  input: { page: number; filters: { admin_id?: number; who_calls?: { recipient?: CallParty }; returned?: boolean } },
) {
  let q = callsQuery(scope.db)
    .where('c.direction', '=', 'in')
    .where('c.deleted_at', 'is', null)
    .where('c.edition', '=', scope.edition.code)
  const f = input.filters
  if (f.admin_id !== undefined) q = q.where('c.admin_id', '=', f.admin_id)
  if (f.who_calls?.recipient) q = q.where('c.recipient', '=', f.who_calls.recipient)
  if (f.returned !== undefined)
    q = q.where(f.returned ? returnedCall(sql.ref('c.id')) : sql<boolean>`not ${returnedCall(sql.ref('c.id'))}`)
  const [rows, total, admins] = await Promise.all([
    q
      .orderBy('c.id', 'desc')
      .limit(PER_PAGE)
      .offset((input.page - 1) * PER_PAGE)
      .execute(),
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    scope.db
      .selectFrom('staff')
      .select(['id', 'name'])
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ])
  return { items: rows.map(answer), total: Number(total.n), page: input.page, admins }
}

/** POST /admin/income/delete?id: the incoming call leaves the list (kept for the calls back that name it). */
export async function deleteIncome(scope: Scope, input: { id: number }) {
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('calls')
      .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', input.id)
      .where('direction', '=', 'in')
      .where('edition', '=', scope.edition.code)
      .where('deleted_at', 'is', null)
      .returning(['id', 'from_number'])
      .executeTakeFirst()
    if (!row) throw notFound()
    await audit(trx, scope.actor, { action: 'call.income_delete', entity: 'call', id: row.id })
    return { deleted: true as const }
  })
}

// ——— matching an incoming number ———

interface Match {
  recipient: CallParty
  recipientId: number | null
  orderId: number | null
  name: string | null
}

async function latestOpenOrder(
  db: Executor,
  scope: Pick<Scope, 'edition'>,
  by: { client_id: number } | { tutor_id: number },
) {
  let q = db
    .selectFrom('orders')
    .select('id')
    .where('edition', '=', scope.edition.code)
    .where('deleted_at', 'is', null)
    .where('status', 'not in', CLOSED)
  q = 'client_id' in by ? q.where('client_id', '=', by.client_id) : q.where('tutor_id', '=', by.tutor_id)
  return (await q.orderBy('id', 'desc').limit(1).executeTakeFirst())?.id ?? null
}

/** The client or tutor whose phone is this number (a client first), and their latest open order. */
export async function matchCaller(db: Executor, scope: Pick<Scope, 'edition'>, number: string): Promise<Match> {
  const digits = phoneDigits(number, scope.edition)
  const none: Match = { recipient: 'unknown', recipientId: null, orderId: null, name: null }
  if (!/^\d{5,17}$/.test(digits)) return none
  const client = await db
    .selectFrom('clients as c')
    .innerJoin('people as p', 'p.id', 'c.person_id')
    .select(['c.id', 'c.name'])
    .where('p.phone', '=', digits)
    .where('c.deleted_at', 'is', null)
    .where('c.merged_into_client_id', 'is', null)
    .orderBy('c.id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (client)
    return {
      recipient: 'client',
      recipientId: client.id,
      orderId: await latestOpenOrder(db, scope, { client_id: client.id }),
      name: client.name,
    }
  const tutor = await db
    .selectFrom('tutors as t')
    .innerJoin('people as p', 'p.id', 't.person_id')
    .select(['t.id', 't.name'])
    .where('p.phone', '=', digits)
    .where('t.deleted_at', 'is', null)
    .orderBy('t.id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (tutor)
    return {
      recipient: 'tutor',
      recipientId: tutor.id,
      orderId: await latestOpenOrder(db, scope, { tutor_id: tutor.id }),
      name: tutor.name,
    }
  // A request left without an account keeps the phone on the order.
  const order = await db
    .selectFrom('orders')
    .select(['id', 'client_id', 'client_name'])
    .where('edition', '=', scope.edition.code)
    .where('client_phone', '=', digits)
    .where('deleted_at', 'is', null)
    .where('status', 'not in', CLOSED)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (order) return { recipient: 'client', recipientId: order.client_id, orderId: order.id, name: order.client_name }
  return none
}

// ——— webhooks ———

/** Call progress only moves forward: a late "ringing" never undoes "completed". */
const STATUS_RANK: Record<string, number> = {
  starting: 0,
  queued: 1,
  initiated: 1,
  ringing: 2,
  answered: 3,
  'in-progress': 3,
  completed: 4,
  busy: 4,
  failed: 4,
  'no-answer': 4,
  canceled: 4,
}
const rank = (s: string) => STATUS_RANK[s] ?? 2

function reply(status: number, body: string, contentType = 'application/json; charset=utf-8') {
  return new Response(body, { status, headers: { 'content-type': contentType, 'cache-control': 'no-store' } })
}
const fail = (status: number, error: string) => reply(status, JSON.stringify({ status: 'fail', error }))
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>'

/**
 * POST /api/telephony/{provider}/voice (an incoming call) and /status (a call's progress): the
 * provider's form-encoded request, its X-Twilio-Signature checked over {origin}/api/telephony/{provider}/{kind}
 * and the parameters. Answers TwiML; 403 for a bad signature, 404 for a provider this server does not use.
 */
export async function receiveWebhook(
  scope: Scope,
  input: { provider: string; kind: 'voice' | 'status'; body: Uint8Array; headers: Headers },
  deps: TelephonyDeps,
): Promise<Response> {
  if (input.provider !== deps.telephony.id) return fail(404, 'not_found')
  const type = input.headers.get('content-type') ?? ''
  if (!type.startsWith('application/x-www-form-urlencoded')) return fail(400, 'bad_request')
  const params = new URLSearchParams(new TextDecoder().decode(input.body))
  const url = `${deps.origin.replace(/\/$/, '')}/api/telephony/${input.provider}/${input.kind}`
  if (!deps.telephony.verify(url, params, input.headers.get('x-twilio-signature'))) return fail(403, 'forbidden')
  const event = callEventOf(params)
  if (!event) return fail(400, 'bad_request')
  if (input.kind === 'voice') {
    await storeIncoming(scope, event, deps.telephony.id)
    return reply(200, deps.telephony.answerIncoming(), 'text/xml; charset=utf-8')
  }
  await updateStatus(scope, event, deps.telephony.id)
  return reply(200, EMPTY_TWIML, 'text/xml; charset=utf-8')
}

async function storeIncoming(scope: Scope, e: CallEvent, provider: string) {
  await scope.db.transaction().execute(async (trx) => {
    const match = await matchCaller(trx, scope, e.from)
    const row = await trx
      .insertInto('calls')
      .values({
        edition: scope.edition.code,
        direction: 'in',
        provider,
        provider_call_id: e.providerCallId,
        from_number: e.from,
        to_number: e.to,
        recipient: match.recipient,
        recipient_id: match.recipientId,
        order_id: match.orderId,
        status: e.status,
        duration: e.duration,
        recording_url: e.recordingUrl,
      })
      .onConflict((oc) =>
        oc.columns(['provider', 'provider_call_id']).where('provider_call_id', 'is not', null).doNothing(),
      )
      .returning('id')
      .executeTakeFirst()
    // A repeated webhook of the same call stores and tells nothing again.
    if (!row) return
    await notify(trx, {
      recipient_kind: 'staff',
      recipient_id: null,
      type: 'income_calls',
      order_id: match.orderId,
      data: {
        call_id: row.id,
        from: e.from,
        recipient: match.recipient,
        recipient_id: match.recipientId,
        name: match.name,
      },
    })
  })
}

async function updateStatus(scope: Scope, e: CallEvent, provider: string) {
  await scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('calls')
      .select(['id', 'status'])
      .where('provider', '=', provider)
      .where('provider_call_id', '=', e.providerCallId)
      .forUpdate()
      .executeTakeFirst()
    // Progress of a call we never stored (another application's, or one placed by hand): nothing to update.
    if (!row) return
    await trx
      .updateTable('calls')
      .set({
        ...(rank(e.status) >= rank(row.status) ? { status: e.status } : {}),
        ...(e.duration !== null ? { duration: e.duration } : {}),
        ...(e.recordingUrl ? { recording_url: e.recordingUrl } : {}),
        updated_at: sql`now()`,
      })
      .where('id', '=', row.id)
      .execute()
  })
}

// ——— outgoing calls ———

function staffId(scope: Scope, adminId: number | undefined): number {
  const { actor } = scope
  if (actor.kind !== 'staff' || actor.id === null) throw forbidden()
  // Calls are placed as oneself: another staff member's id is refused.
  if (adminId !== undefined && adminId !== actor.id) throw forbidden()
  return actor.id
}

const noPhone = (field: string) => new FieldErrors({ [field]: [msg('validation.no_phone')] })

/** The number to dial for a phone kept as national digits (people.phone, orders.client_phone). */
function e164(scope: Pick<Scope, 'edition'>, digits: string | null | undefined): string | null {
  if (!digits || !/^\d{5,17}$/.test(digits)) return null
  return `${scope.edition.phone.prefix}${digits}`
}

interface Placing {
  to: string
  recipient: CallParty
  recipientId: number | null
  orderId: number | null
  incomeCallId: number | null
  adminId: number
  action: string
}

/** Stores the outgoing call, asks the provider to place it, and records what it said (a refusal: status failed). */
async function placeCall(scope: Scope, p: Placing, deps: TelephonyDeps): Promise<Call> {
  const row = await scope.db.transaction().execute(async (trx) => {
    const r = await trx
      .insertInto('calls')
      .values({
        edition: scope.edition.code,
        direction: 'out',
        provider: deps.telephony.id,
        to_number: p.to,
        recipient: p.recipient,
        recipient_id: p.recipientId,
        order_id: p.orderId,
        income_call_id: p.incomeCallId,
        admin_id: p.adminId,
        status: 'starting',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (p.incomeCallId !== null)
      await trx
        .updateTable('calls')
        .set({ admin_id: p.adminId, updated_at: sql`now()` })
        .where('id', '=', p.incomeCallId)
        .where('admin_id', 'is', null)
        .execute()
    await audit(trx, scope.actor, {
      action: p.action,
      entity: 'call',
      id: r.id,
      data: {
        order_id: p.orderId,
        recipient: p.recipient,
        recipient_id: p.recipientId,
        income_call_id: p.incomeCallId,
      },
    })
    return r
  })
  const statusCallbackUrl = `${deps.origin.replace(/\/$/, '')}/api/telephony/${deps.telephony.id}/status`
  try {
    const started = await deps.telephony.startCall({ to: p.to, statusCallbackUrl })
    await scope.db
      .updateTable('calls')
      .set({ provider_call_id: started.providerCallId, status: started.status.slice(0, 32), updated_at: sql`now()` })
      .where('id', '=', row.id)
      .execute()
  } catch {
    await scope.db
      .updateTable('calls')
      .set({ status: 'failed', updated_at: sql`now()` })
      .where('id', '=', row.id)
      .execute()
  }
  return readCall(scope.db, row.id)
}

/** POST /admin/call/outcome_new {order_id, recipient, recipient_id, admin_id}: calls the order's client or one of its tutors. */
export async function outcomeNew(
  scope: Scope,
  input: { order_id: number; recipient: 'client' | 'tutor'; recipient_id: number; admin_id?: number },
  deps: TelephonyDeps,
) {
  const adminId = staffId(scope, input.admin_id)
  const order = await scope.db
    .selectFrom('orders')
    .select(['id', 'client_id', 'client_phone', 'tutor_id'])
    .where('id', '=', input.order_id)
    .where('edition', '=', scope.edition.code)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!order) throw notFound()
  let digits: string | null | undefined
  if (input.recipient === 'client') {
    if (order.client_id !== input.recipient_id) throw new FieldErrors({ recipient_id: [msg('validation.invalid')] })
    const person = await scope.db
      .selectFrom('clients as c')
      .innerJoin('people as p', 'p.id', 'c.person_id')
      .select('p.phone')
      .where('c.id', '=', input.recipient_id)
      .executeTakeFirst()
    digits = person?.phone ?? order.client_phone
  } else {
    const party =
      order.tutor_id === input.recipient_id ||
      !!(await scope.db
        .selectFrom('order_tutors')
        .select('id')
        .where('order_id', '=', order.id)
        .where('tutor_id', '=', input.recipient_id)
        .executeTakeFirst())
    if (!party) throw new FieldErrors({ recipient_id: [msg('validation.invalid')] })
    digits = (await tutorPhone(scope, input.recipient_id))?.phone
  }
  const to = e164(scope, digits)
  if (!to) throw noPhone('recipient_id')
  return placeCall(
    scope,
    {
      to,
      recipient: input.recipient,
      recipientId: input.recipient_id,
      orderId: order.id,
      incomeCallId: null,
      adminId,
      action: 'call.outcome_new',
    },
    deps,
  )
}

/** POST /admin/call/outcome_to_income {call_id, admin_id}: calls back the number of an incoming call. */
export async function outcomeToIncome(
  scope: Scope,
  input: { call_id: number; admin_id?: number },
  deps: TelephonyDeps,
) {
  const adminId = staffId(scope, input.admin_id)
  const income = await scope.db
    .selectFrom('calls')
    .select(['id', 'from_number', 'recipient', 'recipient_id', 'order_id'])
    .where('id', '=', input.call_id)
    .where('direction', '=', 'in')
    .where('edition', '=', scope.edition.code)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!income) throw notFound()
  if (!/^\+?\d{5,17}$/.test(income.from_number)) throw noPhone('call_id')
  return placeCall(
    scope,
    {
      to: income.from_number,
      recipient: income.recipient as CallParty,
      recipientId: income.recipient_id,
      orderId: income.order_id,
      incomeCallId: income.id,
      adminId,
      action: 'call.outcome_to_income',
    },
    deps,
  )
}

async function tutorPhone(scope: Scope, tutorId: number) {
  return scope.db
    .selectFrom('tutors as t')
    .innerJoin('people as p', 'p.id', 't.person_id')
    .select(['t.id', 'p.phone'])
    .where('t.id', '=', tutorId)
    .where('t.deleted_at', 'is', null)
    .executeTakeFirst()
}

/** POST /admin/call/outcome_call_to_tutor {tutor_id}: calls a tutor (linked to their latest open order, if any). */
export async function outcomeCallToTutor(
  scope: Scope,
  input: { tutor_id: number; admin_id?: number },
  deps: TelephonyDeps,
) {
  const adminId = staffId(scope, input.admin_id)
  const tutor = await tutorPhone(scope, input.tutor_id)
  if (!tutor) throw notFound()
  const to = e164(scope, tutor.phone)
  if (!to) throw noPhone('tutor_id')
  const orderId = await latestOpenOrder(scope.db, scope, { tutor_id: tutor.id })
  return placeCall(
    scope,
    {
      to,
      recipient: 'tutor',
      recipientId: tutor.id,
      orderId,
      incomeCallId: null,
      adminId,
      action: 'call.outcome_call_to_tutor',
    },
    deps,
  )
}
