// Tutor registration (/register, a page without the site header). The edition's phone rule applies
// in the form and again on the server; the server's field refusals land under the fields.
import { Suspense, lazy } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useLocation } from 'wouter'
import type { TTutorRegister } from '../../common/schemas/auth/sign-in.schema'
import { TextField } from '../ui/TextField'
import { Button } from '../components/ui/Button'
import { reportFormError } from '../lib/form-errors'
import { useLazyZodResolver } from '../lib/lazy-resolver'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { preloadPage } from '../pages'
import { Logo } from '../shell/Logo'
import { AuthCard } from './AuthCard'

// Code outside the page's first load, which is at its 120 kB budget (scripts/bundle-size.ts): the
// server renders it all the same (it waits for lazy chunks), the browser hydrates it once it arrives.
const SignInExtra = lazy(() => import('./SignInExtras'))

const FIELDS = ['name', 'email', 'phone', 'password'] as const

export function RegisterPage() {
  const { edition, t } = useSite()
  const href = useLocalePath()
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  const register = trpc.auth.tutor.register.useMutation()
  const resolver = useLazyZodResolver<TTutorRegister>(() => import('../../common/schemas/auth/sign-in.schema').then((m) => m.ZTutorRegister(edition)), [edition])
  const form = useForm<TTutorRegister>({ resolver, defaultValues: { name: '', email: '', phone: '', password: '' } })
  const errors = form.formState.errors

  const submit = form.handleSubmit((values) =>
    register.mutate(values, {
      onSuccess: async (data) => {
        utils.auth.role.get.setData(undefined, { auth: data.auth })
        await Promise.all([utils.auth.role.get.invalidate(), preloadPage('account')])
        navigate(href('/profile/'))
      },
      onError: (error) => reportFormError(error, form.setError, FIELDS),
    }),
  )

  return (
    <>
      <div className="mx-auto flex max-w-md justify-center px-4 pt-10">
        <Logo />
      </div>
      <AuthCard title={t('auth.register_title')}>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <TextField id="register-name" label={t('auth.name')} autoComplete="name" error={errors.name?.message} {...form.register('name')} />
          <TextField id="register-email" type="email" label={t('auth.email')} autoComplete="email" error={errors.email?.message} {...form.register('email')} />
          <TextField
            id="register-phone"
            type="tel"
            inputMode="tel"
            label={t('auth.phone')}
            adornment={edition.phone.prefix}
            autoComplete="tel-national"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <TextField
            id="register-password"
            type="password"
            label={t('auth.password')}
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" disabled={register.isPending} className="mt-2 w-full py-2.5">
            {t('auth.register_submit')}
          </Button>
          <Suspense>
            <SignInExtra extra="tutor-oauth" />
          </Suspense>
          <p className="text-sm text-slate-700">
            {t('auth.have_account')}{' '}
            <Link href={href('/login')} className="font-medium text-brand-dark underline underline-offset-2">
              {t('auth.submit')}
            </Link>
          </p>
        </form>
      </AuthCard>
    </>
  )
}
