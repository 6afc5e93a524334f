// What the header shows a signed-in person: the role switch and the user menu; staff signed in as
// nobody else get the staff menu. A chunk of its own (client/pages.ts), since anonymous visitors,
// most of the public pages' readers, never see it.
import { Suspense } from 'react'
import type { AuthObject } from '../lib/api-types'
import { preloadableLazy } from '../lib/lazy'
import { RoleSwitch } from './RoleSwitch'
import { StaffMenu } from './StaffMenu'
import { UserMenu } from './UserMenu'

// The tutor's bell: its own chunk, loaded for tutors only.
const NotificationBell = preloadableLazy(() => import('./NotificationBell'))

const showsBell = (auth: AuthObject) => auth.tutor && auth.current_role !== 'client'

/** Loads what the menus of `auth` render lazily (the server does, so a header island renders whole at once). */
export function preloadPersonMenus(auth: AuthObject): Promise<unknown> {
  return showsBell(auth) ? NotificationBell.preload() : Promise.resolve()
}

export function PersonMenus({ auth }: { auth: AuthObject }) {
  if (!auth.tutor && !auth.client) return auth.admin_info ? <StaffMenu name={auth.admin_info.name} /> : null
  return (
    <>
      <RoleSwitch auth={auth} />
      {showsBell(auth) && (
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
      )}
      <UserMenu auth={auth} />
    </>
  )
}
