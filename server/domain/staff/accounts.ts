// Staff accounts (docs/api.md#admin-staff-accounts-and-session): create, get, save, delete, list, change_checkout, the
// staff schedule, and impersonation.
//
// Decisions where the spec is silent:
// - Only staff with the 'admins' area (status 1 and 4) manage accounts and impersonate. A status 4
//   member may not create, change, delete or impersonate a status 1 account, nor give status 1.
// - Nobody deletes their own account or changes their own status (409), so at least one status 1
//   account always remains (only status 1 may touch status 1 accounts).
// - Delete is a soft delete: the account's sessions, and sessions it opened by impersonation, end at
//   once. Its e-mail stays taken (the audit log names the account).
// - A password set through save ends the account's sessions.
// - `checkout`: the staff member may record payments by hand (orders' set_paid).
// - Schedule: one JSON document (any object or array, at most 100 kB) in the settings table under
//   'staff_schedule'; get answers {schedule, updated_at, updated_by}.
// - Impersonation: POST /admin/authorize/client|tutor|admin?id replaces the staff member's session with
//   a new one for that user, marked with impersonator_staff_id and lasting at most 2 hours; the `auth`
//   object says `impersonating: true`. POST /admin/authorize/return ends it and signs the staff member
//   back in (a fresh staff session). Both are audited with the acting staff member
//   ('staff.impersonate', 'staff.impersonate_return') on the impersonated user's record. Impersonating
//   from an impersonated session is refused (409): return first.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { jsonb } from '../../../db/jsonb'
import { msg } from '../../../i18n/keys'
import { hashPassword } from '../auth/passwords'
import { type Identity, createSession, revokeSession } from '../auth/sessions'
import type { RequestInfo } from '../auth/sign-in'
import { type Actor, type Executor, audit } from '../shared/audit'
import { DomainError, FieldErrors, forbidden, notFound, wrongStatus } from '../../../common/errors'

export type StaffStatusValue = 1 | 2 | 3 | 4
/** Staff status 1, the admin: the only one who may manage other admins. */
export const ADMIN_STATUS = 1
/** Staff statuses that may impersonate. */
export const IMPERSONATOR_STATUSES: readonly number[] = [1, 4]
export const IMPERSONATION_HOURS = 2
export const SCHEDULE_KEY = 'staff_schedule'
export const SCHEDULE_MAX_BYTES = 100_000

export interface ActingStaff {
  id: number
  status: number
}

const actorOf = (s: ActingStaff): Actor => ({ kind: 'staff', id: s.id })
const iso = (d: Date | null) => (d ? d.toISOString() : null)
const isUniqueViolation = (err: unknown) =>
  !!err && typeof err === 'object' && (err as { code?: unknown }).code === '23505'

const COLUMNS = ['id', 'name', 'email', 'status', 'checkout', 'created_at'] as const

function view(r: { id: number; name: string; email: string; status: number; checkout: boolean; created_at: Date }) {
  return {
    admin_id: r.id,
    id: r.id,
    name: r.name,
    email: r.email,
    status: r.status,
    checkout: r.checkout ? 1 : 0,
    created_at: iso(r.created_at),
  }
}

export async function listAdmins(
  db: Db,
  { page, filters: f }: { page: number; filters: { text?: string; status?: number; checkout?: boolean } },
) {
  const perPage = 20
  let q = db.selectFrom('staff').where('deleted_at', 'is', null)
  const text = f.text?.trim()
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    q = q.where((eb) => eb.or([eb('name', 'ilike', like), eb('email', 'ilike', like)]))
  }
  if (f.status) q = q.where('status', '=', f.status)
  if (f.checkout !== undefined) q = q.where('checkout', '=', f.checkout)
  const [rows, total] = await Promise.all([
    q
      .select(COLUMNS)
      .orderBy('id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { items: rows.map(view), total: total.n, page }
}

export async function getAdmin(db: Db, { admin_id: id }: { admin_id: number }) {
  const row = await db
    .selectFrom('staff')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row) throw notFound()
  return view(row)
}

/** A status 4 member may not act on status 1 accounts or hand out status 1. */
function assertRank(actor: ActingStaff, targetStatus: number | null, newStatus?: number) {
  if (actor.status === ADMIN_STATUS) return
  if (targetStatus === ADMIN_STATUS || newStatus === ADMIN_STATUS) throw forbidden()
}

const emailTaken = () => new FieldErrors({ email: [msg('validation.taken')] })

async function assertEmailFree(db: Executor, email: string, exceptId: number | null) {
  let q = db.selectFrom('staff').select('id').where(sql<string>`lower(email)`, '=', email.toLowerCase())
  if (exceptId !== null) q = q.where('id', '<>', exceptId)
  if (await q.executeTakeFirst()) throw emailTaken()
}

export interface NewAdmin {
  name: string
  email: string
  password: string
  /** 1–4: the input schema (zStatus) allows no other. */
  status: number
  checkout?: boolean
}

export async function createAdmin(db: Db, actor: ActingStaff, a: NewAdmin) {
  assertRank(actor, null, a.status)
  const hash = await hashPassword(a.password)
  try {
    return await db.transaction().execute(async (trx) => {
      await assertEmailFree(trx, a.email, null)
      const row = await trx
        .insertInto('staff')
        .values({
          name: a.name,
          email: a.email.toLowerCase(),
          password_hash: hash,
          status: a.status,
          checkout: a.checkout ?? false,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow()
      await audit(trx, actorOf(actor), {
        action: 'staff.create',
        entity: 'staff',
        id: row.id,
        data: { name: a.name, email: row.email, status: a.status, checkout: row.checkout },
      })
      return view(row)
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken()
    throw err
  }
}

export interface AdminChanges {
  name?: string
  email?: string
  password?: string
  /** 1–4: the input schema (zStatus) allows no other. */
  status?: number
  checkout?: boolean
}

async function lockStaff(trx: Executor, id: number) {
  const row = await trx
    .selectFrom('staff')
    .select(['id', 'name', 'email', 'status', 'checkout', 'deleted_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
  if (!row || row.deleted_at) throw notFound()
  return row
}

async function endSessionsOf(trx: Executor, staffId: number) {
  const rows = await trx
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where((eb) => eb.or([eb('staff_id', '=', staffId), eb('impersonator_staff_id', '=', staffId)]))
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute()
  return rows.length
}

export async function saveAdmin(db: Db, actor: ActingStaff, { id, changes: c }: { id: number; changes: AdminChanges }) {
  const hash = c.password ? await hashPassword(c.password) : null
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await lockStaff(trx, id)
      assertRank(actor, row.status, c.status)
      if (c.status !== undefined && c.status !== row.status && id === actor.id) throw wrongStatus()
      if (c.email !== undefined) await assertEmailFree(trx, c.email, id)
      const changes: Record<string, { from: unknown; to: unknown }> = {}
      const set: { name?: string; email?: string; status?: number; checkout?: boolean; password_hash?: string } = {}
      if (c.name !== undefined && c.name !== row.name) {
        set.name = c.name
        changes.name = { from: row.name, to: c.name }
      }
      if (c.email !== undefined && c.email.toLowerCase() !== row.email) {
        set.email = c.email.toLowerCase()
        changes.email = { from: row.email, to: set.email }
      }
      if (c.status !== undefined && c.status !== row.status) {
        set.status = c.status
        changes.status = { from: row.status, to: c.status }
      }
      if (c.checkout !== undefined && c.checkout !== row.checkout) {
        set.checkout = c.checkout
        changes.checkout = { from: row.checkout, to: c.checkout }
      }
      let revoked = 0
      if (hash) {
        set.password_hash = hash
        revoked = await endSessionsOf(trx, id)
      }
      if (Object.keys(set).length > 0) await trx.updateTable('staff').set(set).where('id', '=', id).execute()
      await audit(trx, actorOf(actor), {
        action: 'staff.save',
        entity: 'staff',
        id: id,
        data: { changes, password_changed: !!hash, sessions_revoked: revoked },
      })
      const out = await trx.selectFrom('staff').select(COLUMNS).where('id', '=', id).executeTakeFirstOrThrow()
      return view(out)
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken()
    throw err
  }
}

export async function deleteAdmin(db: Db, actor: ActingStaff, { admin_id: id }: { admin_id: number }) {
  return db.transaction().execute(async (trx) => {
    const row = await lockStaff(trx, id)
    assertRank(actor, row.status)
    if (id === actor.id) throw wrongStatus()
    await trx.updateTable('staff').set({ deleted_at: sql`now()` }).where('id', '=', id).execute()
    const revoked = await endSessionsOf(trx, id)
    await audit(trx, actorOf(actor), {
      action: 'staff.delete',
      entity: 'staff',
      id: id,
      data: { sessions_revoked: revoked },
    })
    return { admin_id: id, deleted: true as const }
  })
}

export async function changeCheckout(
  db: Db,
  actor: ActingStaff,
  { admin_id: id, value }: { admin_id: number; value: boolean },
) {
  return db.transaction().execute(async (trx) => {
    const row = await lockStaff(trx, id)
    assertRank(actor, row.status)
    if (row.checkout !== value) await trx.updateTable('staff').set({ checkout: value }).where('id', '=', id).execute()
    await audit(trx, actorOf(actor), {
      action: 'staff.change_checkout',
      entity: 'staff',
      id: id,
      data: { from: row.checkout, to: value },
    })
    return { admin_id: id, checkout: value ? 1 : 0 }
  })
}

// ---- schedule -------------------------------------------------------------------------------------

export async function getSchedule(db: Db) {
  const row = await db
    .selectFrom('settings as s')
    .leftJoin('staff as a', 'a.id', 's.updated_by_staff_id')
    .select(['s.value', 's.updated_at', 's.updated_by_staff_id', 'a.name as updated_by_name'])
    .where('s.key', '=', SCHEDULE_KEY)
    .executeTakeFirst()
  return {
    schedule: row?.value ?? null,
    updated_at: iso(row?.updated_at ?? null),
    updated_by: row?.updated_by_staff_id
      ? { admin_id: row.updated_by_staff_id, name: row.updated_by_name ?? null }
      : null,
  }
}

export async function saveSchedule(db: Db, actor: ActingStaff, { schedule }: { schedule: unknown }) {
  if (JSON.stringify(schedule).length > SCHEDULE_MAX_BYTES)
    throw new FieldErrors({ schedule: [msg('validation.invalid')] })
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('settings')
      .values({ key: SCHEDULE_KEY, value: jsonb(schedule), updated_by_staff_id: actor.id })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ value: sql`excluded.value`, updated_by_staff_id: actor.id, updated_at: sql`now()` }),
      )
      .execute()
    await audit(trx, actorOf(actor), {
      action: 'staff.schedule_save',
      entity: 'settings',
      id: null,
      data: { key: SCHEDULE_KEY, bytes: JSON.stringify(schedule).length },
    })
  })
  return getSchedule(db)
}

// ---- impersonation --------------------------------------------------------------------------------

export type ImpersonationTarget = 'client' | 'tutor' | 'admin'
const ENTITY_OF: Record<ImpersonationTarget, string> = { client: 'client', tutor: 'tutor', admin: 'staff' }

/** Starts an impersonated session; answers its id (the caller sets the cookie). */
export async function impersonate(
  db: Db,
  a: { identity: Identity; target: ImpersonationTarget; id: number; req: RequestInfo },
): Promise<string> {
  const staff = a.identity.staff
  if (!staff) throw forbidden()
  if (!IMPERSONATOR_STATUSES.includes(staff.status)) throw forbidden()
  if (a.identity.impersonatorStaffId !== null) throw wrongStatus()
  return db.transaction().execute(async (trx) => {
    let personId: number | null = null
    let staffId: number | null = null
    let currentRole: 'tutor' | 'client' | null = null
    if (a.target === 'admin') {
      const target = await trx
        .selectFrom('staff')
        .select(['id', 'status'])
        .where('id', '=', a.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      if (!target) throw notFound()
      if (target.id === staff.id) throw wrongStatus()
      assertRank(staff, target.status)
      staffId = target.id
    } else {
      const table = a.target === 'tutor' ? 'tutors' : 'clients'
      const target = await trx
        .selectFrom(table)
        .select(['id', 'person_id'])
        .where('id', '=', a.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      if (!target) throw notFound()
      personId = target.person_id
      currentRole = a.target
    }
    await revokeSession(trx, a.identity.sessionId)
    const sessionId = await createSession(trx, {
      personId,
      staffId,
      currentRole,
      impersonatorStaffId: staff.id,
      ...a.req,
    })
    await trx
      .updateTable('sessions')
      .set({ expires_at: sql`now() + make_interval(hours => ${IMPERSONATION_HOURS})` })
      .where('id', '=', sessionId)
      .execute()
    await audit(
      trx,
      { kind: 'staff', id: staff.id },
      { action: 'staff.impersonate', entity: ENTITY_OF[a.target], id: a.id, data: { target: a.target, ip: a.req.ip } },
    )
    return sessionId
  })
}

/**
 * Ends an impersonated session and signs the staff member who started it back in. Answers the new
 * session id, or null when that staff account is gone (then nobody stays signed in).
 */
export async function endImpersonation(
  db: Db,
  a: { identity: Identity | null; req: RequestInfo },
): Promise<string | null> {
  const identity = a.identity
  if (!identity) throw new DomainError('unauthorized')
  const staffId = identity.impersonatorStaffId
  if (staffId === null) throw wrongStatus()
  return db.transaction().execute(async (trx) => {
    await revokeSession(trx, identity.sessionId)
    const [target, id] =
      identity.staff && identity.personId === null
        ? (['staff', identity.staff.id] as const)
        : identity.currentRole === 'client'
          ? (['client', identity.client?.id ?? null] as const)
          : (['tutor', identity.tutor?.id ?? null] as const)
    await audit(
      trx,
      { kind: 'staff', id: staffId },
      { action: 'staff.impersonate_return', entity: target, id: id, data: { ip: a.req.ip } },
    )
    const staff = await trx
      .selectFrom('staff')
      .select('id')
      .where('id', '=', staffId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    if (!staff) return null
    return createSession(trx, { personId: null, staffId, currentRole: null, ...a.req })
  })
}
