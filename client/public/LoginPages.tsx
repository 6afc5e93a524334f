// Sign-in pages for tutors (/login) and students (/client-login); password recovery is RecoveryPage.tsx.
// The page renders the card; its forms (SignInExtras.tsx: the form kit, react-hook-form, the client's
// code sign-in and the OpenID button) are a chunk outside the page's first load, which is capped at
// 120 kB (scripts/bundle-size.ts): the server renders them all the same (it waits for lazy chunks),
// the browser hydrates them once they arrive.
import { Suspense, lazy } from 'react'
import { useSite } from '../lib/site'
import { AuthCard } from './AuthCard'

const SignInForms = lazy(() => import('./SignInExtras'))

export function TutorLoginPage() {
  const { t } = useSite()
  return (
    <AuthCard title={t('auth.tutor_login_title')}>
      <Suspense fallback={<div aria-busy="true" className="min-h-72" />}>
        <SignInForms form="tutor-login" />
      </Suspense>
    </AuthCard>
  )
}

export function ClientLoginPage() {
  const { t } = useSite()
  return (
    <AuthCard title={t('auth.client_login_title')}>
      <Suspense fallback={<div aria-busy="true" className="min-h-96" />}>
        <SignInForms form="client-login" />
      </Suspense>
    </AuthCard>
  )
}
