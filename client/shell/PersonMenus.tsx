// What the header shows a signed-in person: the role switch and the user menu. A chunk of its own
// (client/pages.ts), since anonymous visitors, most of the public pages' readers, never see it.
import type { AuthObject } from '../../server/domain/auth/sessions'
import { RoleSwitch } from './RoleSwitch'
import { UserMenu } from './UserMenu'

export function PersonMenus({ auth }: { auth: AuthObject }) {
  return (
    <>
      <RoleSwitch auth={auth} />
      <UserMenu auth={auth} />
    </>
  )
}
