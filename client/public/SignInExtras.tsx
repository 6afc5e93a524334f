// What the sign-in pages load as a chunk of their own (LoginPages.tsx, RegisterPage.tsx), outside
// their size-capped first load: the "Continue with OpenID" button (/login, /client-login, /register)
// and the client's sign-in by a one-time code (/client-login), whose texts live in the client
// cabinet's catalog rather than the size-capped page catalogs.
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useLocation } from 'wouter'
import type { TGetAuthCode, TLoginByCode } from '../../common/schemas/auth/sign-in.schema'
import { TextField } from '../ui/TextField'
import { Button } from '../components/ui/Button'
import { showError } from '../components/ui/StatusBanner'
import { errorParts, fieldErrorsOf } from '../lib/api-errors'
import { useAreaText } from '../lib/area-text'
import { useLazyZodResolver } from '../lib/lazy-resolver'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { preloadPage } from '../pages'

type CodeInput = Pick<TLoginByCode, 'auth_code'>

export type Extra = 'tutor-oauth' | 'client-sign-in'

export default function SignInExtra({ extra }: { extra: Extra }) {
  return extra === 'tutor-oauth' ? <OAuthButton role="tutor" /> : <ClientCodeSignIn />
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
        <LoginForm initial={last} onSent={(s) => (setLast(s.login), setSent(s))} />
      )}
      <OAuthButton role="client" />
      <p className="flex items-center gap-3 text-sm text-slate-500" role="separator" aria-label={ct('clientAccount.or_password')}>
        <span className="h-px flex-1 bg-slate-200" />
        {ct('clientAccount.or_password')}
        <span className="h-px flex-1 bg-slate-200" />
      </p>
    </section>
  )
}

function LoginForm({ initial, onSent }: { initial: string; onSent: (s: { clientId: number; login: string }) => void }) {
  const { t, tr } = useSite()
  const send = trpc.auth.client.getAuthCode.useMutation()
  const resolver = useLazyZodResolver<TGetAuthCode>(() => import('../../common/schemas/auth/sign-in.schema').then((m) => m.ZGetAuthCode))
  const form = useForm<TGetAuthCode>({ resolver, defaultValues: { login: initial } })
  // Rendered by the server: before hydration a submit would be the browser's own GET, login in the URL.
  const hydrated = useHydrated()
  const submit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: (data) => onSent({ clientId: data.client_id, login: values.login.trim() }),
      onError: (error) =>
        form.setError('login', {
          type: 'server',
          message: fieldErrorsOf(error)?.login?.[0] ?? errorParts(error).map(tr).join(': '),
        }),
    }),
  )
  return (
    <form data-testid="code-request-form" noValidate onSubmit={submit} className="flex flex-col gap-3">
      <TextField
        id="client-code-login"
        label={t('auth.login_field')}
        autoComplete="username"
        error={form.formState.errors.login?.message}
        {...form.register('login')}
      />
      <Button type="submit" disabled={!hydrated || send.isPending} className="w-full py-2.5">
        {t('auth.send_code')}
      </Button>
    </form>
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
  const resolver = useLazyZodResolver<CodeInput>(() => import('../../common/schemas/auth/sign-in.schema').then((m) => m.ZLoginByCode.pick({ auth_code: true })))
  const form = useForm<CodeInput>({ resolver, defaultValues: { auth_code: '' } })
  // The refusal stays under the field (a wrong code, then the locked code after 5 wrong tries).
  const fail = (error: unknown) =>
    form.setError('auth_code', {
      type: 'server',
      message: fieldErrorsOf(error)?.auth_code?.[0] ?? errorParts(error).map(tr).join(': '),
    })

  const submit = form.handleSubmit((values) =>
    login.mutate(
      { client_id: sent.clientId, auth_code: values.auth_code },
      {
        onSuccess: async (data) => {
          utils.auth.role.get.setData(undefined, data)
          await Promise.all([utils.auth.role.get.invalidate(), preloadPage('account')])
          navigate(href('/client_orders'))
        },
        onError: fail,
      },
    ),
  )

  const again = () =>
    resend.mutate(
      { login: sent.login },
      {
        onSuccess: (data) => {
          form.reset({ auth_code: '' })
          onResent({ clientId: data.client_id, login: sent.login })
        },
        onError: fail,
      },
    )

  return (
    <form data-testid="code-form" noValidate onSubmit={submit} className="flex flex-col gap-3">
      <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200">
        {ct('clientAccount.code_sent', { login: sent.login })}
      </p>
      <TextField
        id="client-code"
        label={ct('clientAccount.code_field')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        autoFocus
        error={form.formState.errors.auth_code?.message}
        {...form.register('auth_code')}
      />
      <Button type="submit" disabled={login.isPending} className="w-full py-2.5">
        {t('auth.submit')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" onClick={onChange} className="font-medium text-brand-dark underline underline-offset-2">
          {ct('clientAccount.code_change')}
        </button>
        <button
          type="button"
          onClick={again}
          disabled={resend.isPending}
          className="font-medium text-brand-dark underline underline-offset-2 disabled:opacity-60"
        >
          {ct('clientAccount.code_resend')}
        </button>
      </div>
    </form>
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
  const hydrated = useHydrated()

  const start = async () => {
    setPending(true)
    try {
      // Not the query cache: every round needs its own state.
      const { url } = await (role === 'tutor' ? utils.client.auth.oauth.tutor.redirect.query() : utils.client.auth.oauth.client.redirect.query())
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
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 text-slate-600" fill="none" stroke="currentColor" strokeWidth="1.8">
        <circle cx="8" cy="15" r="4" />
        <path d="M10.8 12.2 20 3m-3 3 3 3m-6 0 2 2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('auth.oauth')}
    </Button>
  )
}

/** False on the server and while hydrating. (Not lib/use-mounted: another chunk in the pages' preload lists.) */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
