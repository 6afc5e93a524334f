// What a public page shows when its own read failed in the browser (an in-app visit; the server's render
// answers 404 or 500 itself): a refusal is the missing page's note, a fault says the server failed. Both
// keep a way back (client/lib/read-errors.ts).
import { Link } from 'wouter'
import { type QueryError, isRefusal } from '../lib/read-errors'
import { useSite } from '../lib/site'

export function ReadFailed({
  error,
  notFound,
  back,
}: {
  error: QueryError
  /** The heading for a refusal: the page is not there. */
  notFound: string
  back: { href: string; label: string }
}) {
  const { t } = useSite()
  const refused = isRefusal(error)
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-3xl flex-col items-center gap-4 px-4 py-16 text-center">
      {refused ? (
        <h1 className="text-3xl font-bold text-slate-900">{notFound}</h1>
      ) : (
        <p role="alert" className="text-xl font-semibold text-slate-900">
          {t('errors.server_error')}
        </p>
      )}
      <Link href={back.href} className="font-medium text-brand-dark underline underline-offset-2">
        {back.label}
      </Link>
    </div>
  )
}
