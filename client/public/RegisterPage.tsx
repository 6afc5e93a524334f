// Tutor registration (/register, a page without the site header). The page renders the card; the form
// (SignInExtras.tsx, useActionForm over tutor.register's own schema with the edition's phone rule) is a
// chunk outside the page's first load (120 kB, scripts/bundle-size.ts), rendered by the server all the
// same; the server's field refusals land under the fields.
import { Suspense, lazy } from 'react'
import { useSite } from '../lib/site'
import { Logo } from '../shell/Logo'
import { AuthCard } from './AuthCard'

const SignInForms = lazy(() => import('./SignInExtras'))

export function RegisterPage() {
  const { t } = useSite()
  return (
    <>
      <div className="mx-auto flex max-w-md justify-center px-4 pt-10">
        <Logo />
      </div>
      <AuthCard title={t('auth.register_title')}>
        <Suspense fallback={<div aria-busy="true" className="min-h-96" />}>
          <SignInForms form="register" />
        </Suspense>
      </AuthCard>
    </>
  )
}
