// What the header shows a signed-in person: the role switch and the user menu; staff signed in as
// nobody else get the staff menu. A chunk of its own (client/pages.ts), since anonymous visitors,
// most of the public pages' readers, never see it.
import { Suspense, lazy } from 'react'
import type { AuthObject } from '../lib/api-types'
import { RoleSwitch } from './RoleSwitch'
import { StaffMenu } from './StaffMenu'
import { UserMenu } from './UserMenu'

// The tutor's bell: its own chunk, loaded for tutors only.
const NotificationBell = lazy(() => import('./NotificationBell'))

export function PersonMenus({ auth }: { auth: AuthObject }) {
  if (!auth.tutor && !auth.client) return auth.admin_info ? <StaffMenu name={auth.admin_info.name} /> : null
  return (
    <>
      <RoleSwitch auth={auth} />
      {auth.tutor && auth.current_role !== 'client' && (
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
      )}
      <UserMenu auth={auth} />
    </>
  )
}
