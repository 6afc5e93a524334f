// Who may call a procedure. Every procedure declares one of these through its builder; the role
// matrix test (tests/api/role-matrix.test.ts) reads it from the router and calls each procedure as
// every role.
import { TRPCError } from '@trpc/server'
import type { Identity } from '../domain/auth/sessions'
import { type StaffAccess, staffMayAccess } from '../../common/staff-areas'

export type Access =
  | { kind: 'public' }
  /** a signed-in person holding the tutor or the client role */
  | { kind: 'person' }
  | { kind: 'client' }
  | { kind: 'tutor' }
  | { kind: 'staff'; area: StaffAccess }
  /**
   * a file of a record: a signed-in tutor or client (the service then checks they are a party to it:
   * the owner tutor, the order's client or tutor) or staff of `area`
   */
  | { kind: 'party_or_staff'; area: StaffAccess }

/** Marks a refusal made by the access check itself (not by a later rule about a particular record). */
export class AccessDenied extends Error {
  constructor(readonly reason: 'unauthorized' | 'forbidden') {
    super(reason)
    this.name = 'AccessDenied'
  }
}

const deny = (reason: 'unauthorized' | 'forbidden') =>
  new TRPCError({
    code: reason === 'unauthorized' ? 'UNAUTHORIZED' : 'FORBIDDEN',
    message: reason,
    cause: new AccessDenied(reason),
  })

/** Throws unless the identity may call a procedure with this access. Anonymous: 401; signed in without the role: 403. */
export function checkAccess(access: Access, identity: Identity | null): void {
  if (access.kind === 'public') return
  if (!identity) throw deny('unauthorized')
  switch (access.kind) {
    case 'person':
      if (!identity.tutor && !identity.client) throw deny(identity.staff ? 'forbidden' : 'unauthorized')
      return
    case 'client':
      if (!identity.client) throw deny(identity.tutor || identity.staff ? 'forbidden' : 'unauthorized')
      if (identity.client.blacklisted) throw deny('forbidden')
      return
    case 'tutor':
      if (!identity.tutor) throw deny(identity.client || identity.staff ? 'forbidden' : 'unauthorized')
      return
    case 'staff':
      if (!identity.staff) throw deny(identity.tutor || identity.client ? 'forbidden' : 'unauthorized')
      if (!staffMayAccess(identity.staff.status, access.area)) throw deny('forbidden')
      return
    case 'party_or_staff':
      if (identity.tutor || identity.client) return
      if (!identity.staff) throw deny('unauthorized')
      if (!staffMayAccess(identity.staff.status, access.area)) throw deny('forbidden')
  }
}
