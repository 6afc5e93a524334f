// /school-tutor: the online school's programme for tutors — what it is, the lesson rates where the
// edition has them, and the visitor's own standing: a tutor sees whether staff invited them
// (tutor_info.potential_school_tutor), anybody else the way to sign in or register as a tutor.
// Tutors see it inside their cabinet (TutorCabinet renders SchoolTutorBody); the guest view is here.
import { moneyRangeText } from '../../common/money'
import { Link } from 'wouter'
import { SCHOOL_SITES } from '../../common/media-texts'
import type { AuthObject } from '../lib/api-types'
import { useAreaText } from '../lib/area-text'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { Card, PageTitle } from '../ui/Card'

export function SchoolTutorBody({ auth }: { auth: AuthObject | undefined }) {
  const at = useAreaText('cabinetMore')
  const { edition } = useSite()
  const href = useLocalePath()
  const rates = edition.schoolRates
  const site = SCHOOL_SITES[edition.code]
  const invited = auth?.tutor_info ? auth.tutor_info.potential_school_tutor : false
  const link = 'font-medium text-brand-dark underline underline-offset-2'
  return (
    <div className="flex flex-col gap-5" data-testid="school-tutor-page">
      <PageTitle>{at('school.title')}</PageTitle>
      <Card>
        <p className="text-slate-700">{at('school.intro')}</p>
        <p
          className={`mt-4 rounded-lg px-3 py-2 text-sm ${invited ? 'bg-emerald-50 text-emerald-900' : 'bg-slate-50 text-slate-800'}`}
          data-testid="school-tutor-status"
        >
          {auth?.tutor ? (invited ? at('school.invited') : at('school.not_invited')) : at('school.guest')}
        </p>
        {!auth?.tutor && (
          <p className="mt-3 flex flex-wrap gap-4 text-sm">
            <Link href={href('/login')} className={link}>
              {at('school.sign_in')}
            </Link>
            <Link href={href('/register')} className={link}>
              {at('school.register')}
            </Link>
          </p>
        )}
      </Card>
      {rates && (
        <Card title={at('school.rates')} id="school-tutor-rates">
          <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2">
            <dt className="text-slate-700">{at('school.base')}</dt>
            <dd className="font-semibold text-slate-900">
              {moneyRangeText(rates.base[0], rates.base[1], edition.currencyIcon)}
            </dd>
            <dt className="text-slate-700">{at('school.advanced')}</dt>
            <dd className="font-semibold text-slate-900">
              {moneyRangeText(rates.advanced[0], rates.advanced[1], edition.currencyIcon)}
            </dd>
          </dl>
        </Card>
      )}
      {site && (
        <p>
          <a href={site} className={link}>
            {at('school.site')}
          </a>
        </p>
      )}
    </div>
  )
}

/** The page for a visitor who is not signed in as a tutor. */
export function SchoolTutorGuest({ auth }: { auth: AuthObject | undefined }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <SchoolTutorBody auth={auth} />
    </div>
  )
}
