// The sign-in pages' forms (LoginPages.tsx, RegisterPage.tsx), a chunk of their own outside the pages'
// size-capped first load (scripts/bundle-size.ts, 120 kB): the password sign-in (/login, /client-login),
// the tutor's registration (/register), the client's sign-in by a one-time code (/client-login, texts
// from the client cabinet's catalog rather than the size-capped page catalogs) and the "Continue with
// OpenID" button. The server renders them all the same (it waits for lazy chunks); the browser
// hydrates them once the chunk arrives. Each form is a useActionForm over its procedure's own schema
// (common/schemas/auth/sign-in.schema.ts, loaded on demand). Until this chunk has hydrated, the fields
// are disabled: a submit would be the browser's own GET (password in the URL) and react-hook-form
// would clear what was typed when it takes the fields over.
import { captchaToken } from '../lib/captcha'
import { type ReactNode, useState } from 'react'
import { Link, useLocation } from 'wouter'
import type { TGetAuthCode, TLoginByCode, TPersonLogin, TTutorRegister } from '../../common/schemas/auth/sign-in.schema'
import { showError } from '../ui/Banner'
import { Button } from '../ui/Button'
import { Form, FormCheckbox, FormTextField, Submit } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { CodeEntry } from '../ui/form/CodeEntry'
import { errorParts, fieldErrorsOf } from '../lib/api-errors'
import { useAreaText } from '../lib/area-text'
import { useLocalePath } from '../lib/paths'
import { useMounted, useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { preloadPage } from '../pages'

const schemas = () => import('../../common/schemas/auth/sign-in.schema')

const LINK = 'font-medium text-brand-dark underline underline-offset-2'

type CodeInput = Pick<TLoginByCode, 'auth_code'>

export type SignInForm = 'tutor-login' | 'client-login' | 'register'

export default function SignInForms({ form }: { form: SignInForm }) {
  if (form === 'register') return <RegisterForm />
  if (form === 'tutor-login') return <PersonLoginForm role="tutor" />
  return (
    <>
      <ClientCodeSignIn />
      <PersonLoginForm role="client" />
    </>
  )
}

/** The form's fields, disabled on the server and while hydrating (see the head of this file). */
function Fields({ children, className = 'flex flex-col gap-4' }: { children: ReactNode; className?: string }) {
  const hydrated = useMounted()
  return (
    <fieldset disabled={!hydrated} className={`m-0 min-w-0 border-0 p-0 ${className}`}>
      {children}
    </fieldset>
  )
}

type PersonRole = 'tutor' | 'client'

function usePersonLogin(role: PersonRole) {
  const tutor = trpc.auth.tutor.login.useMutation()
  const client = trpc.auth.client.login.useMutation()
  return role === 'tutor' ? tutor : client
}

/** Sign-in by e-mail or phone and password (tutor.login / client.login). */
function PersonLoginForm({ role }: { role: PersonRole }) {
  const { t } = useSite()
  const href = useLocalePath()
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  const login = usePersonLogin(role)
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZPersonLogin), {
    defaults: { login: '', password: '' } satisfies TPersonLogin,
    action: (values) => login.mutateAsync(values),
    onDone: async (data) => {
      // The answer already carries the new auth; the refetch confirms it.
      utils.auth.role.get.setData(undefined, data)
      await Promise.all([utils.auth.role.get.invalidate(), preloadPage('account')])
      navigate(href(role === 'tutor' ? '/profile/' : '/client_orders'))
    },
  })

  return (
    <Form form={form} onSubmit={submit} data-testid="login-form" className="flex flex-col gap-4">
      <Fields>
        <FormTextField name="login" id={`${role}-login`} label={t('auth.login_field')} autoComplete="username" />
        <FormTextField
          name="password"
          id={`${role}-password`}
          type="password"
          label={t('auth.password')}
          autoComplete="current-password"
        />
        <Submit pending={pending} className="mt-2 w-full py-2.5">
          {t('auth.submit')}
        </Submit>
      </Fields>
      {role === 'tutor' && <OAuthButton role="tutor" />}
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
    </Form>
  )
}

/** Tutor registration (tutor.register): the edition's phone rule applies in the form and again on the server. */
function RegisterForm() {
  const { edition, t } = useSite()
  const href = useLocalePath()
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  const register = trpc.auth.tutor.register.useMutation()
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZTutorRegister(edition)), {
    deps: [edition],
    defaults: { name: '', email: '', phone: '', password: '', accept_terms: false } satisfies TTutorRegister,
    action: async (values) => register.mutateAsync({ ...values, captcha_token: await captchaToken('signup') }),
    onDone: async ({ auth }) => {
      utils.auth.role.get.setData(undefined, { auth })
      await Promise.all([utils.auth.role.get.invalidate(), preloadPage('account')])
      navigate(href('/profile/'))
    },
  })

  return (
    <Form form={form} onSubmit={submit} data-testid="register-form" className="flex flex-col gap-4">
      <Fields>
        <FormTextField name="name" id="register-name" label={t('auth.name')} autoComplete="name" />
        <FormTextField name="email" id="register-email" type="email" label={t('auth.email')} autoComplete="email" />
        <FormTextField
          name="phone"
          id="register-phone"
          type="tel"
          inputMode="tel"
          label={t('auth.phone')}
          adornment={edition.phone.prefix}
          autoComplete="tel-national"
        />
        <FormTextField
          name="password"
          id="register-password"
          type="password"
          label={t('auth.password')}
          autoComplete="new-password"
        />
        <FormCheckbox
          name="accept_terms"
          id="register-terms"
          className="items-start"
          label={
            <>
              {t('auth.terms_accept')}{' '}
              <a href={href('/p/oferta')} target="_blank" rel="noreferrer" className={LINK}>
                {t('auth.terms_offer')}
              </a>{' '}
              {t('auth.terms_and')}{' '}
              <a href={href('/p/pp/')} target="_blank" rel="noreferrer" className={LINK}>
                {t('auth.terms_privacy')}
              </a>
            </>
          }
        />
        <Submit pending={pending} className="mt-2 w-full py-2.5">
          {t('auth.register_submit')}
        </Submit>
      </Fields>
      <OAuthButton role="tutor" />
      <p className="text-sm text-slate-700">
        {t('auth.have_account')}{' '}
        <Link href={href('/login')} className={LINK}>
          {t('auth.submit')}
        </Link>
      </p>
    </Form>
  )
}

/**
 * The client's sign-in by code: the e-mail or phone gets a code (get_auth_code creates the client on
 * first use), the code signs in (login_by_code). Then the OpenID button, above the password form.
 */
export function ClientCodeSignIn() {
  const ct = useAreaText('clientAccount')
  const [sent, setSent] = useState<{ clientId: number; login: string } | null>(null)
  // Kept for "change e-mail or phone", which comes back to the filled field.
  const [last, setLast] = useState('')

  return (
    <section aria-labelledby="client-code-title" className="mb-6 flex flex-col gap-4">
      <div>
        <h2 id="client-code-title" className="text-lg font-semibold text-slate-900">
          {ct('clientAccount.code_title')}
        </h2>
        {!sent && <p className="mt-1 text-sm text-slate-600">{ct('clientAccount.code_hint')}</p>}
      </div>
      {sent ? (
        <CodeForm sent={sent} onChange={() => setSent(null)} onResent={setSent} />
      ) : (
        <LoginForm
          initial={last}
          onSent={(s) => {
            setLast(s.login)
            setSent(s)
          }}
        />
      )}
      <OAuthButton role="client" />
      <div
        className="flex items-center gap-3 text-sm text-slate-500"
        role="separator"
        aria-label={ct('clientAccount.or_password')}
      >
        <span className="h-px flex-1 bg-slate-200" />
        {ct('clientAccount.or_password')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </section>
  )
}

/**
 * A refusal of the code sign-in stays under the form's one field (a wrong code, the locked code after
 * five wrong tries, too many codes asked for): a failure naming no field is put on `field`.
 */
function underField(field: string, error: unknown, tr: (text: string) => string): unknown {
  if (fieldErrorsOf(error)?.[field]) return error
  return { data: { envelope: { status: 'fail', error: { [field]: [errorParts(error).map(tr).join(': ')] } } } }
}

function LoginForm({ initial, onSent }: { initial: string; onSent: (s: { clientId: number; login: string }) => void }) {
  const { t, tr } = useSite()
  const send = trpc.auth.client.getAuthCode.useMutation()
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZGetAuthCode), {
    defaults: { login: initial } satisfies TGetAuthCode,
    action: (values) =>
      send.mutateAsync(values).catch((error: unknown) => Promise.reject(underField('login', error, tr))),
    onDone: (data, values) => onSent({ clientId: data.client_id, login: values.login.trim() }),
  })
  return (
    <Form form={form} onSubmit={submit} data-testid="code-request-form" className="flex flex-col gap-3">
      <Fields className="flex flex-col gap-3">
        <FormTextField name="login" id="client-code-login" label={t('auth.login_field')} autoComplete="username" />
        <Submit pending={pending} className="w-full py-2.5">
          {t('auth.send_code')}
        </Submit>
      </Fields>
    </Form>
  )
}

function CodeForm({
  sent,
  onChange,
  onResent,
}: {
  sent: { clientId: number; login: string }
  onChange: () => void
  onResent: (s: { clientId: number; login: string }) => void
}) {
  const ct = useAreaText('clientAccount')
  const { t, tr } = useSite()
  const href = useLocalePath()
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  const login = trpc.auth.client.loginByCode.useMutation()
  const resend = trpc.auth.client.getAuthCode.useMutation()
  const { form, submit, pending } = useActionForm(
    () => schemas().then((m) => m.ZLoginByCode.pick({ auth_code: true })),
    {
      defaults: { auth_code: '' } satisfies CodeInput,
      action: (values) =>
        login
          .mutateAsync({ client_id: sent.clientId, auth_code: values.auth_code })
          .catch((error: unknown) => Promise.reject(underField('auth_code', error, tr))),
      onDone: async (data) => {
        utils.auth.role.get.setData(undefined, data)
        await Promise.all([utils.auth.role.get.invalidate(), preloadPage('account')])
        navigate(href('/client_orders'))
      },
    },
  )

  const again = () =>
    resend.mutate(
      { login: sent.login },
      {
        onSuccess: (data) => {
          form.reset({ auth_code: '' })
          onResent({ clientId: data.client_id, login: sent.login })
        },
        onError: (error) => {
          const message = fieldErrorsOf(error)?.login?.[0] ?? errorParts(error).map(tr).join(': ')
          form.setError('auth_code', { type: 'server', message }, { shouldFocus: true })
        },
      },
    )

  return (
    <CodeEntry
      form={form}
      submit={submit}
      pending={pending}
      testId="code-form"
      name="auth_code"
      id="client-code"
      sentText={ct('clientAccount.code_sent', { login: sent.login })}
      label={ct('clientAccount.code_field')}
      submitLabel={t('auth.submit')}
      changeLabel={ct('clientAccount.code_change')}
      resendLabel={ct('clientAccount.code_resend')}
      onChange={onChange}
      onResend={again}
      resending={resend.isPending}
    />
  )
}

/**
 * "Continue with OpenID": asks the server for the provider's sign-in address (oauth/redirect stores the
 * round's state) and sends the browser there; the provider returns it to /oauth/callback/{role}.
 */
export function OAuthButton({ role }: { role: 'tutor' | 'client' }) {
  // A page-catalog key: the tutor pages load no area catalog.
  const { t } = useSite()
  const utils = trpc.useUtils()
  const [pending, setPending] = useState(false)
  // The server renders the button; until this chunk has hydrated it, a click would do nothing.
  const hydrated = useMounted()

  const start = async () => {
    setPending(true)
    try {
      // Not the query cache: every round needs its own state.
      const { url } = await (role === 'tutor'
        ? utils.client.auth.oauth.tutor.redirect.query()
        : utils.client.auth.oauth.client.redirect.query())
      window.location.assign(url)
    } catch (error) {
      showError(error)
      setPending(false)
    }
  }

  return (
    <Button
      variant="secondary"
      data-testid="oauth-button"
      disabled={!hydrated || pending}
      aria-busy={pending || undefined}
      onClick={start}
      className="w-full py-2.5"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5 text-slate-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <circle cx="8" cy="15" r="4" />
        <path d="M10.8 12.2 20 3m-3 3 3 3m-6 0 2 2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('auth.oauth')}
    </Button>
  )
}
