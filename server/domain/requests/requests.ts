// Lesson requests (docs/api.md#client-lesson-requests): the order forms of a tutor's profile, the short form,
// the school and test-landing forms. Every form becomes an order through insertOrder (status new,
// 'create' event, the personal tutor's row and on-site notifications).
//
// A visitor who is not signed in gives name, phone and e-mail: the client is found by e-mail (the
// order then waits for proof, see visitorClient) or created, the order is kept, and a sign-in code is sent — the visitor is NOT signed
// in by the request (docs/contract.md: a request never signs anyone in); they sign in with the code through
// /client/auth/login_by_code. The answer carries a request_token so the same visitor may add info
// or a first-lesson date to this order without signing in.
import { recordTermsAcceptance } from '../onboarding/terms'
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import type { Scope } from '../shared/scope'
import type { Edition } from '../../../common/editions'
import type { Mailer } from '../../integrations/mail/mailer'
import type { SmsSender } from '../../integrations/sms/sms'
import { sendClientLoginCode } from '../auth/client-sign-in'
import type { SessionTokens } from '../auth/sessions'
import { type Actor, type Executor, audit } from '../shared/audit'
import { DomainError, FieldErrors, retryOnUniqueViolation } from '../../../common/errors'
import { msg } from '../../../i18n/format'
import { withOrderAction } from '../orders/core'
import { type OrderDraft, type OrderKind, checkDraftReferences, insertOrder } from '../orders/create'
import { sendPersonalRequestMessages } from '../notifications/notifications'
import { orderEvent } from '../orders/events'
import { handsToSchool } from '../reference/school-transfer'
import { LIMITS, takeLimit } from '../shared/window-throttle'

/** Anonymous requests per IP in the window (our decision: a person leaves a few, a bot many). */
export const ANON_REQUESTS_PER_IP = LIMITS.anon_request.max

/** The forms of docs/api.md#public-reads and what each makes. */
export const REQUEST_FORMS = {
  make_personal_request: { kind: 'personal', personal: true },
  make_personal_request_short_form: { kind: 'personal', personal: true },
  make_school_request: { kind: 'school', personal: false },
  make_short_school_request: { kind: 'short', personal: false },
  make_additional_school_request: { kind: 'school', personal: false },
  make_test_landing_school_request: { kind: 'test_landing', personal: false },
} as const satisfies Record<string, { kind: OrderKind; personal: boolean }>
export type RequestForm = keyof typeof REQUEST_FORMS

/** The request entity as the forms send it (already parsed by the router's zod schema). */
export interface RequestInput {
  tutor_id?: number | null
  name?: string
  phone?: string | null
  email?: string | null
  lesson_id?: number | null
  level_id?: number | null
  city_id?: number | null
  district_id?: number | null
  subdistrict_id?: number | null
  /** Where lessons take place: 'home' (at the tutor's), 'travel' (at the client's), 'online'. */
  form_location?: ('home' | 'travel' | 'online')[]
  client_place?: string[]
  address?: string
  description?: string
  class_regularity?: number
  class_duration?: number
  first_class?: Date | null
  rate_id?: number | null
  source?: string | null
  request_origin?: string | null
}

/**
 * docs/product.md#5-validation-rules request shaping: not a client location → client_place emptied; empty regularity or
 * duration → 0; a level is kept only if it is one of the chosen subject's levels; a single
 * client_place gets the address (several places are kept as a list, the address apart).
 */
export async function shapeRequest(db: Executor, r: RequestInput): Promise<OrderDraft> {
  const where = new Set(r.form_location ?? [])
  const travel = where.has('travel')
  const places = (r.client_place ?? []).map((p) => p.trim()).filter(Boolean)
  const address = (r.address ?? '').trim()
  let client_place = ''
  if (travel) {
    if (places.length === 1) client_place = address ? `${places[0]}, ${address}` : places[0]!
    else if (places.length > 1) client_place = address ? `${places.join('; ')}; ${address}` : places.join('; ')
    else client_place = address
  }
  let level_id = r.level_id ?? null
  if (level_id != null) {
    const level = await db.selectFrom('levels').select('lesson_id').where('id', '=', level_id).executeTakeFirst()
    if (!level || r.lesson_id == null || level.lesson_id !== r.lesson_id) level_id = null
  }
  return {
    lesson_id: r.lesson_id ?? null,
    level_id,
    city_id: r.city_id ?? null,
    district_id: r.district_id ?? null,
    subdistrict_id: r.subdistrict_id ?? null,
    location_home: where.has('home'),
    location_travel: travel,
    location_online: where.has('online'),
    client_place,
    description: r.description ?? '',
    class_regularity: r.class_regularity || 0,
    class_duration: r.class_duration || 0,
    first_class: r.first_class ?? null,
    rate_id: r.rate_id ?? null,
    source: r.source ?? null,
    request_origin: r.request_origin ?? null,
  }
}

/** SHA-256 of the normalised e-mail (trimmed, lower case) and phone (digits with the edition prefix), hex. */
export function analyticsHashes(email: string | null | undefined, phone: string | null | undefined, ed: Edition) {
  const sha = (s: string) => createHash('sha256').update(s).digest('hex')
  const e = email?.trim().toLowerCase()
  const p = phone ? `${ed.phone.prefix}${phone}`.replace(/\D/g, '') : ''
  return { sha256_email_address: e ? sha(e) : null, sha256_phone_number: p ? sha(p) : null }
}

export interface RequestCaller {
  /** The signed-in client, if any. */
  clientId: number | null
  ip: string
  userAgent: string
}

/** What a request sends besides the database: the sign-in code, and the token that lets a visitor add to it. */
export interface RequestIo {
  mail: Mailer
  sms: SmsSender
  tokens: SessionTokens
  origin: string
}
type RequestServices = Pick<Scope, 'db' | 'edition'> & RequestIo

/** Who may add to an order: the signed-in client, or the visitor holding the request's token. */
export interface RequestOwner {
  clientId: number | null
  requestToken?: string | null | undefined
}

const TOKEN_PREFIX = 'order-request:'

/** Counts this IP's anonymous requests in the window (auth_failures, like the sign-in throttle) → 429. */
async function throttleAnonymous(db: Db, ip: string) {
  await takeLimit(db, 'anon_request', ip)
}

/**
 * The client a visitor's request belongs to (in the order's transaction). The rule: a contact that is
 * an existing account's never hands that account to a visitor who has not proved it.
 * - The e-mail is an existing person's: the order goes to that account but stays unconfirmed (hidden
 *   from the account) until the code sent to that e-mail is used; staff see it and the phone given.
 * - Only the phone is an existing person's: a new account on the visitor's own e-mail (the phone stays
 *   on the order; staff see the same phone flagged and may merge the two with the merge tool).
 * - Neither: a new account with both.
 */
async function visitorClient(trx: Executor, c: { name: string; email: string; phone: string }) {
  const byEmail = await trx
    .selectFrom('people')
    .select(['id', 'email'])
    .where(sql<string>`lower(email)`, '=', c.email)
    .forUpdate()
    .executeTakeFirst()
  let person = byEmail
  if (!person) {
    const phoneTaken = await trx.selectFrom('people').select('id').where('phone', '=', c.phone).executeTakeFirst()
    person = await trx
      .insertInto('people')
      .values({ name: c.name, email: c.email, phone: phoneTaken ? null : c.phone })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow()
  }
  const confirmed = !byEmail
  const login = person.email ?? c.email
  const existing = await trx
    .selectFrom('clients')
    .select(['id', 'blacklisted', 'deleted_at', 'merged_into_client_id'])
    .where('person_id', '=', person.id)
    .executeTakeFirst()
  if (existing?.merged_into_client_id) {
    const kept = await trx
      .selectFrom('clients')
      .select(['id', 'blacklisted'])
      .where('id', '=', existing.merged_into_client_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    if (kept) return { clientId: kept.id, blacklisted: kept.blacklisted, login, confirmed }
  }
  if (existing && existing.deleted_at === null)
    return { clientId: existing.id, blacklisted: existing.blacklisted, login, confirmed }
  if (existing) throw new DomainError('forbidden', 'errors.client_blacklisted') // a deleted profile may not order again
  const client = await trx
    .insertInto('clients')
    .values({ person_id: person.id, name: c.name })
    .returning('id')
    .executeTakeFirstOrThrow()
  await audit(
    trx,
    { kind: 'client', id: client.id },
    { action: 'client.create', entity: 'client', id: client.id, data: { via: 'request' } },
  )
  return { clientId: client.id, blacklisted: false, login, confirmed }
}

/** "j***n@example.com", "+380 *** ** 67": enough for the person to recognise, not to learn. */
export function maskLogin(login: string, ed: Edition): string {
  const at = login.indexOf('@')
  if (at > 0) {
    const local = login.slice(0, at)
    const shown = local.length > 2 ? `${local[0]}***${local[local.length - 1]}` : `${local[0]}***`
    return `${shown}${login.slice(at)}`
  }
  return `${ed.phone.prefix} *** ** ${login.slice(-2)}`
}

const blacklisted = () => new DomainError('forbidden', 'errors.client_blacklisted')

/**
 * Makes a lesson request from one of the forms. Signed-in clients order as themselves; visitors
 * must give name, e-mail and phone (422 otherwise), are throttled per IP, and get a sign-in code.
 */
export async function makeRequest(
  scope: Scope,
  { form, caller, request: r }: { form: RequestForm; caller: RequestCaller; request: RequestInput },
  io: RequestIo,
) {
  const s: RequestServices = { ...io, db: scope.db, edition: scope.edition }
  const { db, edition } = s
  const spec = REQUEST_FORMS[form]
  if (spec.personal && !r.tutor_id) throw new FieldErrors({ tutor_id: [msg('validation.required')] })
  if (spec.personal) {
    const tutor = await db
      .selectFrom('tutors')
      .select(['id', 'active', 'published', 'deleted_at'])
      .where('id', '=', r.tutor_id!)
      .executeTakeFirst()
    if (!tutor?.active || tutor.deleted_at) throw new FieldErrors({ tutor_id: [msg('validation.invalid')] })
  }

  // Shape and check the request before anything is created for a visitor.
  const draft = await shapeRequest(db, r)
  await checkDraftReferences(db, edition.code, draft)

  let codeSent = false
  if (caller.clientId != null) {
    const me = await db
      .selectFrom('clients')
      .select('blacklisted')
      .where('id', '=', caller.clientId)
      .executeTakeFirstOrThrow()
    if (me.blacklisted) throw blacklisted()
  } else {
    const missing: Record<string, string[]> = {}
    for (const f of ['name', 'email', 'phone'] as const) if (!r[f]) missing[f] = [msg('validation.required')]
    if (Object.keys(missing).length) throw new FieldErrors(missing)
    await throttleAnonymous(db, caller.ip)
  }

  // A visitor's client and the order in one transaction: a failed order leaves no client without it. Two
  // first requests of one new contact at once: the second runs again and finds the first one's client.
  const { clientId, login, orderId, confirmed } = await retryOnUniqueViolation(() =>
    db.transaction().execute(async (trx) => {
      let clientId = caller.clientId
      let login: string | null = null
      let confirmed = true
      if (clientId == null) {
        const found = await visitorClient(trx, { name: r.name!, email: r.email!, phone: r.phone! })
        if (found.blacklisted) throw blacklisted()
        clientId = found.clientId
        login = found.login
        confirmed = found.confirmed
      }
      const actor: Actor = { kind: 'client', id: clientId }
      const orderId = await insertOrder(
        trx,
        { edition: edition.code, actor },
        {
          ...draft,
          kind: spec.kind,
          client_id: clientId,
          personal_tutor_id: spec.personal ? r.tutor_id! : null,
          request_origin: draft.request_origin ?? form,
          // The contact given on the form is the order's; a signed-in client's profile fills the gaps.
          ...(r.name ? { client_name: r.name } : {}),
          ...(r.email ? { client_email: r.email } : {}),
          ...(r.phone ? { client_phone: r.phone } : {}),
        },
      )
      // A school request for a subject the staff hand to the school (panel transfer_settings) goes there at once.
      if (
        !spec.personal &&
        (await handsToSchool(trx, { lessonId: draft.lesson_id ?? null, online: draft.location_online ?? false }))
      ) {
        await trx.updateTable('orders').set({ school_state: 'new' }).where('id', '=', orderId).execute()
        await orderEvent(trx, {
          orderId,
          actor,
          action: 'set_school_new',
          from: null,
          to: null,
          data: { by: 'transfer_settings' },
        })
      }
      if (!confirmed)
        await trx.updateTable('orders').set({ client_confirmed: false }).where('id', '=', orderId).execute()
      // A visitor accepts the client terms linked beside the button; not on someone else's account, which
      // the visitor has not proved to be theirs (an unconfirmed request).
      if (caller.clientId == null && confirmed) {
        const { person_id } = await trx
          .selectFrom('clients')
          .select('person_id')
          .where('id', '=', clientId)
          .executeTakeFirstOrThrow()
        await recordTermsAcceptance(trx, {
          personId: person_id,
          role: 'client',
          edition: edition.code,
          ip: caller.ip || null,
        })
      }
      return { clientId, login, orderId, confirmed }
    }),
  )
  const order = await db
    .selectFrom('orders')
    .select(['client_name', 'client_email', 'client_phone'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()

  if (spec.personal)
    await sendPersonalRequestMessages(db, {
      orderId,
      tutorId: r.tutor_id!,
      clientName: order.client_name,
      edition,
      mail: s.mail,
      sms: s.sms,
      origin: s.origin,
    })
  if (login) {
    // The order is kept even when no code can be sent now (too many codes lately): code_sent says so
    // and the client asks for one at sign-in.
    const sent = await sendClientLoginCode(db, {
      login,
      edition,
      mail: s.mail,
      sms: s.sms,
      req: { ip: caller.ip, userAgent: caller.userAgent },
    }).catch((err) => {
      if (err instanceof DomainError) return null
      throw err
    })
    codeSent = sent !== null
    // Using this very code is the proof that joins an unconfirmed order to the account.
    if (sent && !confirmed)
      await db.updateTable('orders').set({ claim_code_id: sent.code_id }).where('id', '=', orderId).execute()
  }

  const user_data = analyticsHashes(order.client_email, order.client_phone, edition)
  const item = {
    lesson_id: draft.lesson_id ?? null,
    level_id: draft.level_id ?? null,
    tutor_id: spec.personal ? r.tutor_id! : null,
  }
  return {
    order_id: orderId,
    client_id: clientId,
    /** Visitors: a sign-in code went to their e-mail (or phone); they are not signed in. */
    code_sent: codeSent,
    code_sent_to: codeSent && login ? maskLogin(login, edition) : null,
    account_exists: !confirmed,
    signed_in: caller.clientId != null,
    request_token: caller.clientId == null ? await s.tokens.sign(`${TOKEN_PREFIX}${orderId}`) : null,
    analytics: {
      events: [
        { event: 'begin_checkout', form, items: [item] },
        { event: 'submit_order', form, order_id: orderId, kind: spec.kind, items: [item] },
      ],
      user_data,
    },
  }
}

/** The order a caller may extend: their own (signed in) or the one their request_token names. */
async function requestOwner(s: RequestServices, orderId: number, caller: RequestOwner): Promise<Actor> {
  const order = await s.db
    .selectFrom('orders')
    .select(['client_id'])
    .where('id', '=', orderId)
    .where('edition', '=', s.edition.code)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!order || order.client_id == null) throw new DomainError('not_found')
  if (caller.clientId != null && caller.clientId === order.client_id) return { kind: 'client', id: order.client_id }
  if (caller.requestToken) {
    const sid = await s.tokens.verify(caller.requestToken)
    if (sid === `${TOKEN_PREFIX}${orderId}`) return { kind: 'client', id: order.client_id }
  }
  // Not this caller's order: as if it did not exist (no leak of other clients' orders).
  throw new DomainError('not_found')
}

/** POST /client/order/personal_request_add_info {order_id, info}: appends to the order's info (add_info). */
export async function addRequestInfo(
  scope: Scope,
  { caller, order_id: orderId, info }: { caller: RequestOwner; order_id: number; info: string },
  io: RequestIo,
) {
  const s: RequestServices = { ...io, db: scope.db, edition: scope.edition }
  const actor = await requestOwner(s, orderId, caller)
  return withOrderAction(s.db, { orderId, action: 'add_info', actor }, async (_trx, order) => ({
    patch: { info: order.info ? `${order.info}\n${info}` : info },
    data: { info },
  }))
}

/** POST /client/order/personal_request_add_date_first_class {order_id, first_class}: the wished first lesson (add_info). */
export async function addRequestFirstClass(
  scope: Scope,
  { caller, order_id: orderId, first_class: firstClass }: { caller: RequestOwner; order_id: number; first_class: Date },
  io: RequestIo,
) {
  const s: RequestServices = { ...io, db: scope.db, edition: scope.edition }
  const actor = await requestOwner(s, orderId, caller)
  return withOrderAction(s.db, { orderId, action: 'add_info', actor }, async () => ({
    patch: { first_class: firstClass },
    data: { first_class: firstClass.toISOString() },
  }))
}
