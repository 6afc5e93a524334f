// The procedure builders. Each declares who may call it (meta.access) and checks it before the input
// is parsed; the narrowed context carries the caller's role record and an audit actor.
import type { Actor } from '../domain/shared/audit'
import type { Scope } from '../domain/shared/scope'
import type { StaffAccess } from '../../common/staff-areas'
import { type Access, checkAccess } from './access'
import { baseProcedure } from './init'

// Each builder checks `access` in the same middleware that narrows the context: every level of tRPC's
// chain copies the call's options (and the context, when it changes), on every call.

/** The service scope of a request (server/domain/shared/scope.ts): `service(ctx.scope, input)`. */
const scopeOf = (ctx: { db: Scope['db']; edition: Scope['edition']; locale: Scope['locale'] }, actor: Actor): Scope => ({
  db: ctx.db,
  edition: ctx.edition,
  locale: ctx.locale,
  actor,
  now: () => new Date(),
})

const PUBLIC: Access = { kind: 'public' }
export const publicProcedure = baseProcedure.meta({ access: PUBLIC }).use(({ ctx, next }) => {
  checkAccess(PUBLIC, ctx.identity)
  const actor: Actor = { kind: 'anonymous', id: null }
  return next({ ctx: { scope: scopeOf(ctx, actor) } })
})

const PERSON: Access = { kind: 'person' }
export const personProcedure = baseProcedure.meta({ access: PERSON }).use(({ ctx, next }) => {
  checkAccess(PERSON, ctx.identity)
  return next({ ctx: { identity: ctx.identity! } })
})

const CLIENT: Access = { kind: 'client' }
export const clientProcedure = baseProcedure.meta({ access: CLIENT }).use(({ ctx, next }) => {
  checkAccess(CLIENT, ctx.identity)
  const identity = ctx.identity!
  const client = identity.client!
  const actor: Actor = { kind: 'client', id: client.id, onBehalfOfStaffId: identity.impersonatorStaffId }
  return next({ ctx: { identity, client, actor, scope: scopeOf(ctx, actor) } })
})

const TUTOR: Access = { kind: 'tutor' }
export const tutorProcedure = baseProcedure.meta({ access: TUTOR }).use(({ ctx, next }) => {
  checkAccess(TUTOR, ctx.identity)
  const identity = ctx.identity!
  const tutor = identity.tutor!
  const actor: Actor = { kind: 'tutor', id: tutor.id, onBehalfOfStaffId: identity.impersonatorStaffId }
  return next({ ctx: { identity, tutor, actor, scope: scopeOf(ctx, actor) } })
})

/** Staff with a status that opens `area` (spec/product.md §2 menu table); 'desktop' is every staff member. */
export function staffProcedure(area: StaffAccess) {
  const access: Access = { kind: 'staff', area }
  return baseProcedure.meta({ access }).use(({ ctx, next }) => {
    checkAccess(access, ctx.identity)
    const identity = ctx.identity!
    const staff = identity.staff!
    const actor: Actor = { kind: 'staff', id: staff.id, onBehalfOfStaffId: identity.impersonatorStaffId }
    return next({ ctx: { identity, staff, actor, scope: scopeOf(ctx, actor) } })
  })
}
