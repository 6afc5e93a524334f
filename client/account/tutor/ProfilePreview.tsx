// /profile/preview: the tutor's public page as visitors will see it — the public page's own component
// over GET /tutor/profile/preview, which answers before publication too (only to this tutor; the
// public /user-{id}/ stays a 404 for everybody else until a moderator publishes it).
import { Link } from 'wouter'
import { tutorProfilePath } from '../../../common/routes'
import { TutorProfileView } from '../../public/TutorProfilePage'
import { useAreaText } from '../../lib/area-text'
import { useLocalePath } from '../../lib/paths'
import { trpc } from '../../lib/trpc'

export function ProfilePreview() {
  const at = useAreaText('account')
  const href = useLocalePath()
  const preview = trpc.tutor.profile.preview.useQuery()
  const profile = trpc.tutor.profile.get.useQuery()
  const tutor = preview.data
  if (!tutor || !profile.data) return <p className="text-slate-600">{at('account.loading')}</p>
  const path = href(tutorProfilePath(tutor.id))
  return (
    <div className="flex flex-col gap-4" data-testid="profile-preview">
      <h1 className="text-2xl font-bold text-slate-900">{at('account.preview_title')}</h1>
      <p
        className={`rounded-lg px-3 py-2 text-sm ${profile.data.published ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'}`}
        data-testid="preview-note"
      >
        {profile.data.published
          ? at('account.preview_published', { path })
          : at('account.preview_unpublished', { path })}
      </p>
      <Link href={href('/profile/')} className="self-start text-sm font-medium text-brand-dark underline">
        {at('account.preview_back')}
      </Link>
      {/* The public page's layout, framed so it reads as a page inside the cabinet. */}
      <div className="-mx-4 rounded-2xl border border-slate-200 bg-slate-50 sm:mx-0">
        <TutorProfileView tutor={tutor} preview />
      </div>
    </div>
  )
}
