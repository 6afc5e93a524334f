// Small readings of the contract's `auth` object shared by the header and the account area.
import type { AuthObject } from './api-types'

/** Signed in as a tutor or a client (staff alone is not a person). */
export function isPerson(auth: AuthObject | undefined): auth is AuthObject {
  return !!auth && (auth.tutor || auth.client)
}

/** The name to greet: the current role's record first. */
export function displayName(auth: AuthObject): string {
  if (auth.current_role === 'client' && auth.client_info) return auth.client_info.name
  if (auth.tutor_info) return auth.tutor_info.first_name || auth.tutor_info.name
  return auth.client_info ? auth.client_info.name : ''
}
