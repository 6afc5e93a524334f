// Sign-in pages for tutors (/login) and students (/client-login); password recovery is RecoveryPage.tsx.
import { Suspense, lazy } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useLocation } from 'wouter'
import type { TPersonLogin } from '../../common/schemas/auth/sign-in.schema'
import { TextField } from '../ui/TextField'
import { Button } from '../components/ui/Button'
import { reportFormError } from '../lib/form-errors'
import { useLazyZodResolver } from '../lib/lazy-resolver'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { preloadPage } from '../pages'
import { AuthCard } from './AuthCard'

// Code outside the page's first load, which is at its 120 kB budget (scripts/bundle-size.ts): the
// server renders it all the same (it waits for lazy chunks), the browser hydrates it once it arrives.
const SignInExtra = lazy(() => import('./SignInExtras'))

const LINK = 'font-medium text-brand-dark underline underline-offset-2'

type PersonRole = 'tutor' | 'client'

function usePersonLogin(role: PersonRole) {
  const tutor = trpc.auth.tutor.login.useMutation()
  const client = trpc.auth.client.login.useMutation()
  return role === 'tutor' ? tutor : client
}

function PersonLoginForm({ role }: { role: PersonRole }) {
  const { t } = useSite()
  const href = useLocalePath()
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  const login = usePersonLogin(role)
  const resolver = useLazyZodResolver<TPersonLogin>(() => import('../../common/schemas/auth/sign-in.schema').then((m) => m.ZPersonLogin))
  const form = useForm<TPersonLogin>({ resolver, defaultValues: { login: '', password: '' } })
  const errors = form.formState.errors

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: async (data) => {
        // The answer already carries the new auth; the refetch confirms it.
        utils.auth.role.get.setData(undefined, data)
        await Promise.all([utils.auth.role.get.invalidate(), preloadPage('account')])
        navigate(href(role === 'tutor' ? '/profile/' : '/client_orders'))
      },
      onError: (error) => reportFormError(error, form.setError, ['login', 'password']),
    }),
  )

  return (
    <form data-testid="login-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField id={`${role}-login`} label={t('auth.login_field')} autoComplete="username" error={errors.login?.message} {...form.register('login')} />
      <TextField
        id={`${role}-password`}
        type="password"
        label={t('auth.password')}
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" disabled={login.isPending} className="mt-2 w-full py-2.5">
        {t('auth.submit')}
      </Button>
      {role === 'tutor' && (
        <Suspense>
          <SignInExtra extra="tutor-oauth" />
        </Suspense>
      )}
      {/* Tutors reset a password and register; a client needs neither: the code above signs in and
          makes the account on first use. */}
      {role === 'tutor' && (
        <div className="flex flex-col gap-2 text-sm text-slate-700">
          <Link href={href('/recovery')} className={LINK}>
            {t('auth.forgot')}
          </Link>
          <p>
            {t('auth.no_account')}{' '}
            <Link href={href('/register')} className={LINK}>
              {t('header.register')}
            </Link>
          </p>
        </div>
      )}
    </form>
  )
}

export function TutorLoginPage() {
  const { t } = useSite()
  return (
    <AuthCard title={t('auth.tutor_login_title')}>
      <PersonLoginForm role="tutor" />
    </AuthCard>
  )
}

export function ClientLoginPage() {
  const { t } = useSite()
  return (
    <AuthCard title={t('auth.client_login_title')}>
      <Suspense>
        <SignInExtra extra="client-sign-in" />
      </Suspense>
      <PersonLoginForm role="client" />
    </AuthCard>
  )
}
