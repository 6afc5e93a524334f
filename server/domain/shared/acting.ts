// The role record a scope acts as: the client, tutor or staff id a service works for. The procedure
// builders (server/trpc/procedures.ts) put that id in scope.actor; a scope of another kind is a bug
// in the caller, so it fails as forbidden rather than acting on nobody's records.
import { DomainError } from '../../../common/errors'
import type { Scope } from './scope'

export function actingAs(scope: Pick<Scope, 'actor'>, kind: 'client' | 'tutor' | 'staff'): number {
  const { actor } = scope
  if (actor.kind !== kind || actor.id === null) throw new DomainError('forbidden')
  return actor.id
}
