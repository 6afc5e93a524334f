// /settings (and /settings/privacy; /settings/billing is BillingPage.tsx): the e-mail subscription, the password, the phone, the privacy
// choices, the data download (a ZIP) and the profile deletion request with its cancellation.
import { Suspense, lazy, useEffect } from 'react'
import { useLocation } from 'wouter'
import type { TSetPasswordTwice } from '../../../common/schemas/tutor/account.schema'
import { showError, showSuccess } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/Dialog'
import { Checkbox } from '../../ui/Field'
import { Form, FormTextField, Submit } from '../../ui/form/Form'
import { useActionForm } from '../../ui/form/use-action-form'
import { Card } from '../../ui/Card'
import { useAreaText } from '../../lib/area-text'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'
import { PhoneBox } from './PhoneBox'
import { SettingsTabs } from './SettingsTabs'

const BillingPage = lazy(() => import('./BillingPage').then((m) => ({ default: m.BillingPage })))

const schemas = () => import('../../../common/schemas/tutor/account.schema')

export function SettingsPage() {
  const [path] = useLocation()
  // /settings/billing: the billing data, under the same sub-navigation.
  if (/\/settings\/billing\/?$/.test(path))
    return (
      <div className="flex flex-col gap-6">
        <SettingsTabs current="billing" />
        <Suspense fallback={<div className="min-h-64" aria-busy="true" />}>
          <BillingPage />
        </Suspense>
      </div>
    )
  return <Settings />
}

function Settings() {
  const at = useAreaText('account')
  const settings = trpc.tutor.account.settings.get.useQuery()
  useEffect(() => {
    // /settings/privacy opens at its section.
    if (window.location.pathname.endsWith('/settings/privacy'))
      document.getElementById('privacy-title')?.scrollIntoView()
  }, [])
  return (
    <div className="flex flex-col gap-6">
      <SettingsTabs current="settings" />
      <h1 className="text-2xl font-bold text-slate-900">{at('account.settings_title')}</h1>
      <Subscription value={settings.data?.email_subscribe} />
      <PasswordForm />
      <Card title={at('account.phone')} id="phone">
        {settings.data && <PhoneBox phone={settings.data.phone} confirmed={settings.data.phone_confirmed} />}
      </Card>
      <Privacy />
      <Deletion />
    </div>
  )
}

function Subscription({ value }: { value: boolean | undefined }) {
  const at = useAreaText('account')
  const utils = trpc.useUtils()
  const set = trpc.tutor.account.settings.setEmailSubscribe.useMutation({
    onSuccess: async (data) => {
      utils.tutor.account.settings.get.setData(undefined, (old) =>
        old ? { ...old, email_subscribe: data.email_subscribe } : old,
      )
      showSuccess(at('account.subscription_saved'))
    },
    onError: showError,
  })
  return (
    <Card title={at('account.section_subscription')} id="subscription">
      <Checkbox
        label={at('account.email_subscribe')}
        checked={value ?? false}
        disabled={value === undefined || set.isPending}
        onChange={(e) => set.mutate({ value: e.target.checked })}
        data-testid="email-subscribe"
      />
    </Card>
  )
}

function PasswordForm() {
  const at = useAreaText('account')
  const set = trpc.tutor.account.password.set.useMutation()
  const defaults: TSetPasswordTwice = { current_password: '', password: '', password_confirm: '' }
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZSetPasswordTwice), {
    defaults,
    // The server asks for the current password when the account has one (not after a code or OpenID sign-up).
    action: (v) => set.mutateAsync({ password: v.password, current_password: v.current_password || undefined }),
    success: at('account.password_changed'),
    onDone: () => {
      form.reset(defaults)
    },
  })
  return (
    <Card title={at('account.section_password')} id="password">
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4" data-testid="password-form">
        <p className="text-sm text-slate-600">{at('account.password_hint')}</p>
        <FormTextField
          name="current_password"
          id="current-password"
          type="password"
          autoComplete="current-password"
          label={at('account.current_password')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField
            name="password"
            id="new-password"
            type="password"
            autoComplete="new-password"
            label={at('account.new_password')}
          />
          <FormTextField
            name="password_confirm"
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            label={at('account.confirm_password')}
          />
        </div>
        <div>
          <Submit pending={pending}>{at('account.change_password')}</Submit>
        </div>
      </Form>
    </Card>
  )
}

type Flags = { hide_phone: boolean; show_last_name: boolean; marketing_consent: boolean }

function Privacy() {
  const at = useAreaText('account')
  const privacy = trpc.tutor.account.privacy.get.useQuery()
  const p = privacy.data
  return (
    <Card title={at('account.section_privacy')} id="privacy">
      {p ? (
        <PrivacyForm
          flags={{ hide_phone: p.hide_phone, show_last_name: p.show_last_name, marketing_consent: p.marketing_consent }}
        />
      ) : (
        <div aria-busy="true" className="h-32 animate-pulse rounded-lg bg-slate-100" />
      )}
    </Card>
  )
}

/** The privacy choices, sent as privacy.save's `tutor` JSON text (the form checks them with its inner schema). */
function PrivacyForm({ flags }: { flags: Flags }) {
  const at = useAreaText('account')
  const utils = trpc.useUtils()
  const save = trpc.tutor.account.privacy.save.useMutation()
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZPrivacy), {
    defaults: flags,
    action: (values) => save.mutateAsync({ tutor: JSON.stringify(values) }),
    success: at('account.privacy_saved'),
    onDone: (data) => {
      utils.tutor.account.privacy.get.setData(undefined, data)
      form.reset({
        hide_phone: data.hide_phone,
        show_last_name: data.show_last_name,
        marketing_consent: data.marketing_consent,
      })
    },
  })
  const flag = (name: keyof Flags) => <Checkbox label={at(`account.${name}`)} {...form.register(name)} />
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-3" data-testid="privacy-form">
      {flag('hide_phone')}
      {flag('show_last_name')}
      {flag('marketing_consent')}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Submit pending={pending}>{at('account.save')}</Submit>
        <a
          href="/tutor/privacy/download_files"
          download
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {at('account.download_data')}
        </a>
      </div>
      <p className="text-xs text-slate-500">{at('account.download_hint')}</p>
    </Form>
  )
}

function Deletion() {
  const at = useAreaText('account')
  const { locale } = useSite()
  const utils = trpc.useUtils()
  const privacy = trpc.tutor.account.privacy.get.useQuery()
  const refresh = () =>
    Promise.all([utils.tutor.account.privacy.get.invalidate(), utils.tutor.profile.get.invalidate()])
  const request = trpc.tutor.account.privacy.deleteProfile.useMutation({
    onSuccess: async () => {
      showSuccess(at('account.delete_sent'))
      await refresh()
    },
    onError: showError,
  })
  const cancel = trpc.tutor.account.privacy.cancelDeleteProfile.useMutation({
    onSuccess: async () => {
      showSuccess(at('account.delete_cancelled'))
      await refresh()
    },
    onError: showError,
  })
  const p = privacy.data
  const when = p?.deletion_requested_at
    ? new Date(p.deletion_requested_at).toLocaleDateString(locale === 'ua' ? 'uk' : locale)
    : ''
  return (
    <Card title={at('account.section_deletion')} id="deletion">
      <div className="flex flex-col gap-3" data-testid="deletion">
        {p?.delete_requested ? (
          <>
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {at('account.delete_requested', { date: when })}
            </p>
            <div>
              <Button onClick={() => cancel.mutate()} disabled={cancel.isPending}>
                {at('account.delete_cancel')}
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">{at('account.delete_hint')}</p>
            <div>
              <ConfirmDialog
                trigger={
                  <Button
                    variant="secondary"
                    className="border-red-300 text-red-700 hover:bg-red-50"
                    disabled={!p || request.isPending}
                  >
                    {at('account.delete_request')}
                  </Button>
                }
                title={at('account.delete_confirm_title')}
                description={at('account.delete_confirm_text')}
                confirm={at('account.delete_confirm')}
                cancel={at('account.cancel')}
                onConfirm={() => request.mutate()}
              />
            </div>
          </>
        )}
      </div>
    </Card>
  )
}
