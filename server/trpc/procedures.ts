// The procedure builders. Each declares who may call it (meta.access) and checks it before the input
// is parsed; the narrowed context carries the caller's role record and an audit actor.
import type { Actor } from '../domain/shared/audit'
import type { Scope } from '../domain/shared/scope'
import type { StaffAccess } from '../../common/staff-areas'
import { type Access, checkAccess } from './access'
import { baseProcedure } from './init'

const withAccess = (access: Access) =>
  baseProcedure.meta({ access }).use(({ ctx, next }) => {
    checkAccess(access, ctx.identity)
    return next()
  })

/** The service scope of a request (server/domain/shared/scope.ts): `service(ctx.scope, input)`. */
const scopeOf = (ctx: { db: Scope['db']; edition: Scope['edition']; locale: Scope['locale'] }, actor: Actor): Scope => ({
  db: ctx.db,
  edition: ctx.edition,
  locale: ctx.locale,
  actor,
  now: () => new Date(),
})

export const publicProcedure = withAccess({ kind: 'public' }).use(({ ctx, next }) => {
  const actor: Actor = { kind: 'anonymous', id: null }
  return next({ ctx: { scope: scopeOf(ctx, actor) } })
})

export const personProcedure = withAccess({ kind: 'person' }).use(({ ctx, next }) => next({ ctx: { identity: ctx.identity! } }))

export const clientProcedure = withAccess({ kind: 'client' }).use(({ ctx, next }) => {
  const identity = ctx.identity!
  const client = identity.client!
  const actor: Actor = { kind: 'client', id: client.id, onBehalfOfStaffId: identity.impersonatorStaffId }
  return next({ ctx: { identity, client, actor, scope: scopeOf(ctx, actor) } })
})

export const tutorProcedure = withAccess({ kind: 'tutor' }).use(({ ctx, next }) => {
  const identity = ctx.identity!
  const tutor = identity.tutor!
  const actor: Actor = { kind: 'tutor', id: tutor.id, onBehalfOfStaffId: identity.impersonatorStaffId }
  return next({ ctx: { identity, tutor, actor, scope: scopeOf(ctx, actor) } })
})

/** Staff with a status that opens `area` (spec/product.md §2 menu table); 'desktop' is every staff member. */
export function staffProcedure(area: StaffAccess) {
  return withAccess({ kind: 'staff', area }).use(({ ctx, next }) => {
    const identity = ctx.identity!
    const staff = identity.staff!
    const actor: Actor = { kind: 'staff', id: staff.id, onBehalfOfStaffId: identity.impersonatorStaffId }
    return next({ ctx: { identity, staff, actor, scope: scopeOf(ctx, actor) } })
  })
}
