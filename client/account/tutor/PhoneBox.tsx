// The tutor's phone: its state, a new number (an SMS code is sent) and the code that confirms it.
import { useState } from 'react'
import { TextField } from '../../ui/TextField'
import { Button } from '../../components/ui/Button'
import { showError, showSuccess } from '../../components/ui/StatusBanner'
import { fieldErrorsOf } from '../../lib/api-errors'
import { useAreaText } from '../../lib/area-text'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'

export function PhoneBox({ phone, confirmed }: { phone: string | null; confirmed: boolean }) {
  const at = useAreaText('account')
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const [editing, setEditing] = useState(false)
  /** The code field shows once a code has been sent from this page. */
  const [codeSent, setCodeSent] = useState(false)
  const [number, setNumber] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({})
  const refresh = () => Promise.all([utils.tutor.account.settings.get.invalidate(), utils.tutor.profile.get.invalidate()])
  const fail = (error: unknown) => {
    showError(error)
    const map = fieldErrorsOf(error)
    setErrors({ phone: map?.phone?.[0], code: map?.code?.[0] })
  }
  const set = trpc.tutor.account.phone.set.useMutation({
    onSuccess: async () => {
      setErrors({})
      setEditing(false)
      setCodeSent(true)
      showSuccess(at('account.phone_code_sent'))
      await refresh()
    },
    onError: fail,
  })
  const confirm = trpc.tutor.account.phone.confirm.useMutation({
    onSuccess: async () => {
      setErrors({})
      setCode('')
      showSuccess(at('account.phone_done'))
      await refresh()
    },
    onError: fail,
  })
  const resend = trpc.tutor.account.phone.resendCode.useMutation({
    onSuccess: () => {
      setCodeSent(true)
      showSuccess(at('account.phone_code_sent'))
    },
    onError: showError,
  })
  const shown = phone ? `${edition.phone.prefix}${phone}` : ''

  return (
    <div className="flex flex-col gap-3" data-testid="phone-box">
      <p className="flex items-center gap-2 text-sm text-slate-800">
        <Dot ok={!!phone && confirmed} />
        {!phone ? at('account.phone_none') : confirmed ? at('account.phone_confirmed', { phone: shown }) : at('account.phone_not_confirmed', { phone: shown })}
      </p>
      {phone && !confirmed && !editing && codeSent && (
        <form
          noValidate
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            confirm.mutate({ code })
          }}
        >
          <TextField id="phone-code" label={at('account.phone_code')} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} error={errors.code} className="w-40" />
          <Button type="submit" disabled={confirm.isPending || !code}>
            {at('account.phone_confirm')}
          </Button>
          <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {at('account.phone_resend')}
          </Button>
        </form>
      )}
      {editing ? (
        <form
          noValidate
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            set.mutate({ phone: number })
          }}
        >
          <TextField
            id="phone-new"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            label={at('account.phone')}
            adornment={edition.phone.prefix}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            error={errors.phone}
            className="w-64"
          />
          <Button type="submit" disabled={set.isPending}>
            {at('account.phone_send_code')}
          </Button>
          <Button variant="secondary" onClick={() => setEditing(false)}>
            {at('account.cancel')}
          </Button>
        </form>
      ) : (
        <div className="flex flex-wrap gap-3">
          {phone && !confirmed && !codeSent && (
            <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
              {at('account.phone_send_code')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {at('account.phone_change')}
          </Button>
        </div>
      )}
    </div>
  )
}

export function Dot({ ok }: { ok: boolean }) {
  return <span aria-hidden="true" className={`inline-block size-2.5 shrink-0 rounded-full ${ok ? 'bg-emerald-500' : 'bg-amber-500'}`} />
}
