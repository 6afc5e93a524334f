// The account area (tutor and client pages). Its screens arrive with later issues; for now it
// greets the signed-in person, or points an anonymous visitor to the sign-in page.
import { Link } from 'wouter'
import { displayName, isPerson } from '../lib/auth'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import type { PageMatch } from '../routes'

export default function AccountApp({ page }: { page: PageMatch }) {
  const { t } = useSite()
  const href = useLocalePath()
  const auth = trpc.auth.role.get.useQuery().data?.auth

  return (
    <div className="mx-auto max-w-3xl px-4 py-12" data-page={page.path}>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('account.title')}</h1>
      {isPerson(auth) ? (
        <>
          <p className="mb-2 text-lg font-medium text-slate-800">{displayName(auth)}</p>
          <p className="text-slate-700">{t('account.soon')}</p>
        </>
      ) : (
        <p className="text-slate-700">
          {t('errors.unauthorized')}:{' '}
          <Link href={href('/login')} className="font-medium text-brand-dark underline underline-offset-2">
            {t('header.login')}
          </Link>
        </p>
      )}
    </div>
  )
}
