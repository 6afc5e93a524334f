// What the header shows a signed-in person: the role switch and the user menu. A chunk of its own
// (client/pages.ts), since anonymous visitors, most of the public pages' readers, never see it.
import { Suspense, lazy } from 'react'
import type { AuthObject } from '../../server/domain/auth/sessions'
import { RoleSwitch } from './RoleSwitch'
import { UserMenu } from './UserMenu'

// The tutor's bell: its own chunk, loaded for tutors only.
const NotificationBell = lazy(() => import('./NotificationBell'))

export function PersonMenus({ auth }: { auth: AuthObject }) {
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
