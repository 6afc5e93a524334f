// The procedure builders. Each declares who may call it (meta.access) and checks it before the input
// is parsed; the narrowed context carries the caller's role record and an audit actor.
import type { Actor } from '../domain/shared/audit'
import type { Scope } from '../domain/shared/scope'
import type { StaffAccess } from '../../common/staff-areas'
import { type Access, checkAccess } from './access'
import type { Context } from './context'
import { baseProcedure } from './init'

/** The service scope of a request (server/domain/shared/scope.ts): `service(ctx.scope, input)`. */
const scopeOf = (
  ctx: { db: Scope['db']; edition: Scope['edition']; locale: Scope['locale'] },
  actor: Actor,
): Scope => ({
  db: ctx.db,
  edition: ctx.edition,
  locale: ctx.locale,
  actor,
  now: () => new Date(),
})

/**
 * A procedure open to `access`, checked before the input is parsed; `narrow` gives what the context
 * gains once it passes. One middleware for both: every level of tRPC's chain copies the call's
 * options (and the context, when it changes) on every call.
 */
function guarded<Extra extends object>(access: Access, narrow: (ctx: Context) => Extra) {
  return baseProcedure.meta({ access }).use(({ ctx, next }) => {
    checkAccess(access, ctx.identity)
    return next({ ctx: narrow(ctx) })
  })
}

export const publicProcedure = guarded({ kind: 'public' }, (ctx) => ({
  scope: scopeOf(ctx, { kind: 'anonymous', id: null }),
}))

export const personProcedure = guarded({ kind: 'person' }, (ctx) => ({ identity: ctx.identity! }))

export const clientProcedure = guarded({ kind: 'client' }, (ctx) => {
  const identity = ctx.identity!
  const client = identity.client!
  const actor: Actor = { kind: 'client', id: client.id, onBehalfOfStaffId: identity.impersonatorStaffId }
  return { identity, client, actor, scope: scopeOf(ctx, actor) }
})

export const tutorProcedure = guarded({ kind: 'tutor' }, (ctx) => {
  const identity = ctx.identity!
  const tutor = identity.tutor!
  const actor: Actor = { kind: 'tutor', id: tutor.id, onBehalfOfStaffId: identity.impersonatorStaffId }
  return { identity, tutor, actor, scope: scopeOf(ctx, actor) }
})

/** Staff with a status that opens `area` (docs/product.md#2-screens-and-routes menu table); 'desktop' is every staff
 * member. */
export function staffProcedure(area: StaffAccess) {
  return guarded({ kind: 'staff', area }, (ctx) => {
    const identity = ctx.identity!
    const staff = identity.staff!
    const actor: Actor = { kind: 'staff', id: staff.id, onBehalfOfStaffId: identity.impersonatorStaffId }
    return { identity, staff, actor, scope: scopeOf(ctx, actor) }
  })
}

/**
 * A file of a record, for its parties and for staff of `area` (a tutor's documents: the owner tutor; a
 * chat image: the order's client and tutor). The builder admits signed-in tutors and clients and that
 * staff; the service decides whether this person is a party to the record.
 */
export function partyOrStaffProcedure(area: StaffAccess) {
  return guarded({ kind: 'party_or_staff', area }, (ctx) => {
    const identity = ctx.identity!
    const actor: Actor = identity.staff
      ? { kind: 'staff', id: identity.staff.id, onBehalfOfStaffId: identity.impersonatorStaffId }
      : identity.tutor
        ? { kind: 'tutor', id: identity.tutor.id, onBehalfOfStaffId: identity.impersonatorStaffId }
        : { kind: 'client', id: identity.client!.id, onBehalfOfStaffId: identity.impersonatorStaffId }
    return { identity, actor, scope: scopeOf(ctx, actor) }
  })
}
