// /settings (and /settings/privacy): the e-mail subscription, the password, the phone, the privacy
// choices, the data download (a ZIP) and the profile deletion request with its cancellation.
import { useEffect, useState } from 'react'
import { TextField } from '../../ui/TextField'
import { Button } from '../../components/ui/Button'
import { ConfirmDialog } from '../../components/ui/ConfirmDialog'
import { showError, showSuccess } from '../../components/ui/StatusBanner'
import { fieldErrorsOf } from '../../lib/api-errors'
import { useAreaText } from '../../lib/area-text'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'
import { Card, Checkbox } from './fields'
import { PhoneBox } from './PhoneBox'

export function SettingsPage() {
  const at = useAreaText('account')
  const settings = trpc.tutor.account.settings.get.useQuery()
  useEffect(() => {
    // /settings/privacy opens at its section.
    if (window.location.pathname.endsWith('/settings/privacy')) document.getElementById('privacy-title')?.scrollIntoView()
  }, [])
  return (
    <div className="flex flex-col gap-6">
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
      utils.tutor.account.settings.get.setData(undefined, (old) => (old ? { ...old, email_subscribe: data.email_subscribe } : old))
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
  const [current, setCurrent] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<{ current?: string; password?: string; confirm?: string }>({})
  const set = trpc.tutor.account.password.set.useMutation({
    onSuccess: () => {
      setCurrent('')
      setPassword('')
      setConfirm('')
      setErrors({})
      showSuccess(at('account.password_changed'))
    },
    onError: (error) => {
      showError(error)
      const fields = fieldErrorsOf(error)
      setErrors({ current: fields?.current_password?.[0], password: fields?.password?.[0] })
    },
  })
  return (
    <Card title={at('account.section_password')} id="password">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          if (password !== confirm) return setErrors({ confirm: at('account.passwords_differ') })
          // The server asks for the current password when the account has one (not after a code or OpenID sign-up).
          set.mutate({ password, current_password: current || undefined })
        }}
      >
        <p className="text-sm text-slate-600">{at('account.password_hint')}</p>
        <TextField
          id="current-password"
          type="password"
          autoComplete="current-password"
          label={at('account.current_password')}
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={errors.current}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="new-password" type="password" autoComplete="new-password" label={at('account.new_password')} value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
          <TextField id="confirm-password" type="password" autoComplete="new-password" label={at('account.confirm_password')} value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} />
        </div>
        <div>
          <Button type="submit" disabled={set.isPending || !password}>
            {at('account.change_password')}
          </Button>
        </div>
      </form>
    </Card>
  )
}

type Flags = { hide_phone: boolean; show_last_name: boolean; marketing_consent: boolean }

function Privacy() {
  const at = useAreaText('account')
  const utils = trpc.useUtils()
  const privacy = trpc.tutor.account.privacy.get.useQuery()
  const [flags, setFlags] = useState<Flags | null>(null)
  useEffect(() => {
    if (privacy.data && !flags) setFlags({ hide_phone: privacy.data.hide_phone, show_last_name: privacy.data.show_last_name, marketing_consent: privacy.data.marketing_consent })
  }, [privacy.data, flags])
  const save = trpc.tutor.account.privacy.save.useMutation({
    onSuccess: (data) => {
      utils.tutor.account.privacy.get.setData(undefined, data)
      showSuccess(at('account.privacy_saved'))
    },
    onError: showError,
  })
  const flag = (name: keyof Flags) => (
    <Checkbox label={at(`account.${name}`)} checked={flags?.[name] ?? false} disabled={!flags} onChange={(e) => setFlags((f) => (f ? { ...f, [name]: e.target.checked } : f))} />
  )
  return (
    <Card title={at('account.section_privacy')} id="privacy">
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault()
          if (flags) save.mutate({ tutor: JSON.stringify(flags) })
        }}
        data-testid="privacy-form"
      >
        {flag('hide_phone')}
        {flag('show_last_name')}
        {flag('marketing_consent')}
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!flags || save.isPending}>
            {at('account.save')}
          </Button>
          <a href="/tutor/privacy/download_files" download className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
            {at('account.download_data')}
          </a>
        </div>
        <p className="text-xs text-slate-500">{at('account.download_hint')}</p>
      </form>
    </Card>
  )
}

function Deletion() {
  const at = useAreaText('account')
  const { locale } = useSite()
  const utils = trpc.useUtils()
  const privacy = trpc.tutor.account.privacy.get.useQuery()
  const refresh = () => Promise.all([utils.tutor.account.privacy.get.invalidate(), utils.tutor.profile.get.invalidate()])
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
  const when = p?.deletion_requested_at ? new Date(p.deletion_requested_at).toLocaleDateString(locale === 'ua' ? 'uk' : locale) : ''
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
                  <Button variant="secondary" className="border-red-300 text-red-700 hover:bg-red-50" disabled={!p || request.isPending}>
                    {at('account.delete_request')}
                  </Button>
                }
                title={at('account.delete_confirm_title')}
                description={at('account.delete_confirm_text')}
                confirm={at('account.delete_confirm')}
                cancel={at('account.cancel')}
                onConfirm={() => request.mutate()}
                danger
              />
            </div>
          </>
        )}
      </div>
    </Card>
  )
}
