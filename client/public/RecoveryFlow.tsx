// The steps of the tutor's password recovery (RecoveryPage.tsx, /recovery; docs/api.md#tutor-sign-in-and-account
// /tutor/profile/password/*): the e-mail or phone the tutor signs in with gets a code (get_reset_code),
// the code is checked (check_reset_code), the new password typed twice is set (reset), and the page
// offers the sign-in. Each step is a useActionForm over the procedure's own schema
// (common/schemas/tutor/password-reset.schema.ts, loaded on demand); a 422 lands under the field it
// names. Texts from an area catalog (i18n/areas/recovery/), outside the size-capped page catalogs.
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { showError, showSuccess } from '../ui/Banner'
import { Form, FormTextField, Submit } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { CodeEntry } from '../ui/form/CodeEntry'
import { fieldErrorsOf } from '../lib/api-errors'
import { type AreaText, useAreaText } from '../lib/area-text'
import { useLocalePath } from '../lib/paths'
import { useMounted, useSite } from '../lib/site'
import { trpc } from '../lib/trpc'

const schemas = () => import('../../common/schemas/tutor/password-reset.schema')

type Step =
  | { at: 'login'; login: string }
  /** `error`: the code was refused at the last step (it expired or was used meanwhile). */
  | { at: 'code'; login: string; error?: string }
  | { at: 'password'; login: string; code: string }
  | { at: 'done' }

const STEP_NUMBER = { login: 1, code: 2, password: 3 } as const

export default function RecoveryFlow() {
  const rt = useAreaText('recovery')
  const [step, setStep] = useState<Step>({ at: 'login', login: '' })
  return (
    <div data-testid="recovery" data-step={step.at} className="flex flex-col gap-4">
      {step.at !== 'done' && (
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
          {rt('recovery.step', { n: STEP_NUMBER[step.at] })}
        </p>
      )}
      {step.at === 'login' && (
        <LoginStep rt={rt} initial={step.login} onSent={(login) => setStep({ at: 'code', login })} />
      )}
      {step.at === 'code' && (
        <CodeStep
          rt={rt}
          login={step.login}
          error={step.error}
          onChange={() => setStep({ at: 'login', login: step.login })}
          onValid={(code) => setStep({ at: 'password', login: step.login, code })}
        />
      )}
      {step.at === 'password' && (
        <PasswordStep
          rt={rt}
          login={step.login}
          code={step.code}
          onCodeRefused={(error) => setStep({ at: 'code', login: step.login, error })}
          onDone={() => setStep({ at: 'done' })}
        />
      )}
      {step.at === 'done' && <Done rt={rt} />}
    </div>
  )
}

function LoginStep({
  rt,
  initial,
  onSent,
}: {
  rt: AreaText<'recovery'>
  initial: string
  onSent: (login: string) => void
}) {
  const { t } = useSite()
  // Rendered by the server: before hydration a submit would be the browser's own GET, login in the URL.
  const mounted = useMounted()
  const send = trpc.tutor.account.password.getResetCode.useMutation()
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZGetResetCode), {
    defaults: { login: initial },
    action: (values) => send.mutateAsync(values),
    onDone: (_, values) => onSent(values.login.trim()),
  })
  return (
    <Form form={form} onSubmit={submit} data-testid="recovery-login-form">
      <p className="text-sm text-slate-700">{rt('recovery.login_hint')}</p>
      <FormTextField
        name="login"
        id="recovery-login"
        label={t('auth.login_field')}
        autoComplete="username"
        maxLength={254}
      />
      <Submit pending={pending} disabled={!mounted} className="mt-2 w-full py-2.5">
        {t('auth.send_code')}
      </Submit>
    </Form>
  )
}

function CodeStep({
  rt,
  login,
  error,
  onChange,
  onValid,
}: {
  rt: AreaText<'recovery'>
  login: string
  error?: string
  onChange: () => void
  onValid: (code: string) => void
}) {
  const check = trpc.tutor.account.password.checkResetCode.useMutation()
  const resend = trpc.tutor.account.password.getResetCode.useMutation()
  // The form's values are what the tutor types; the login of the first step goes with them.
  const { form, submit, pending } = useActionForm(
    () => schemas().then((m) => m.ZCheckResetCode.pick({ reset_code: true })),
    {
      defaults: { reset_code: '' },
      action: (values) => check.mutateAsync({ login, reset_code: values.reset_code }),
      onDone: (_, values) => onValid(values.reset_code.trim()),
    },
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the refusal this step came back with
  useEffect(() => {
    if (error) form.setError('reset_code', { type: 'server', message: error }, { shouldFocus: true })
  }, [error])

  const again = () =>
    resend.mutate(
      { login },
      {
        onSuccess: () => {
          form.reset({ reset_code: '' })
          showSuccess(rt('recovery.resent'))
        },
        onError: showError,
      },
    )

  return (
    <CodeEntry
      form={form}
      submit={submit}
      pending={pending}
      testId="recovery-code-form"
      name="reset_code"
      id="recovery-code"
      sentText={rt('recovery.code_sent', { login })}
      label={rt('recovery.code_field')}
      submitLabel={rt('recovery.check_code')}
      changeLabel={rt('recovery.change_login')}
      resendLabel={rt('recovery.resend')}
      onChange={onChange}
      onResend={again}
      resending={resend.isPending}
    />
  )
}

function PasswordStep({
  rt,
  login,
  code,
  onCodeRefused,
  onDone,
}: {
  rt: AreaText<'recovery'>
  login: string
  code: string
  onCodeRefused: (error: string) => void
  onDone: () => void
}) {
  const reset = trpc.tutor.account.password.reset.useMutation()
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZNewPasswordTwice), {
    defaults: { password: '', password_confirm: '' },
    action: async (values) => {
      try {
        return await reset.mutateAsync({ login, reset_code: code, password: values.password })
      } catch (error) {
        // The code died between the steps (expired, or used in another tab): back to it, the refusal under it.
        const refused = fieldErrorsOf(error)?.reset_code?.[0]
        if (refused) return onCodeRefused(refused)
        throw error
      }
    },
    onDone: (result) => {
      if (result) onDone()
    },
  })
  return (
    <Form form={form} onSubmit={submit} data-testid="recovery-password-form">
      <p className="text-sm text-slate-700">{rt('recovery.password_hint')}</p>
      {/* For password managers: the account the new password belongs to. */}
      <input type="text" name="username" value={login} autoComplete="username" readOnly hidden />
      <FormTextField
        name="password"
        id="recovery-password"
        type="password"
        label={rt('recovery.new_password')}
        autoComplete="new-password"
        autoFocus
      />
      <FormTextField
        name="password_confirm"
        id="recovery-password-confirm"
        type="password"
        label={rt('recovery.confirm_password')}
        autoComplete="new-password"
      />
      <Submit pending={pending} className="mt-2 w-full py-2.5">
        {rt('recovery.save')}
      </Submit>
    </Form>
  )
}

function Done({ rt }: { rt: AreaText<'recovery'> }) {
  const href = useLocalePath()
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200">
        {rt('recovery.done')}
      </p>
      <Link
        href={href('/login')}
        className="inline-flex w-full items-center justify-center rounded-lg bg-brand px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-dark"
      >
        {rt('recovery.sign_in')}
      </Link>
    </div>
  )
}
