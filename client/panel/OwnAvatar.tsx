// The signed-in staff member's own photo on the panel's start page: the same editor as a tutor's
// profile photo (client/account/tutor/AvatarSection.tsx) over /admin/admin/avatar/*. The image is a
// staff-only download; the menu shows its preview beside the name (admin_info.avatar).
import { AvatarEditor, type AvatarCalls } from '../account/tutor/AvatarSection'
import { trpc } from '../lib/trpc'

export function OwnAvatar() {
  const utils = trpc.useUtils()
  const avatar = trpc.admin.staff.avatar.get.useQuery()
  const crop = trpc.admin.staff.avatar.crop.useMutation()
  const remove = trpc.admin.staff.avatar.remove.useMutation()
  if (avatar.isPending || avatar.isError) return null
  const calls: AvatarCalls = {
    setPath: '/admin/admin/avatar/set',
    crop: (v) => crop.mutateAsync(v),
    remove: () => remove.mutateAsync(),
    afterChange: async () => {
      await utils.admin.staff.avatar.get.invalidate()
      await utils.auth.role.get.invalidate()
    },
  }
  return (
    <div className="mt-8 max-w-3xl" data-testid="own-avatar">
      <AvatarEditor avatar={avatar.data} calls={calls} />
    </div>
  )
}
