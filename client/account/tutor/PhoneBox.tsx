// The tutor's phone: its state, a new number (an SMS code is sent) and the code that confirms it. Both
// forms are useActionForms over their procedures' own schemas (common/schemas/tutor/account.schema.ts:
// phone.set with the edition's phone rule, phone.confirm); a refusal lands under its field.
import { useState } from 'react'
import type { TPhoneConfirm, TPhoneSet } from '../../../common/schemas/tutor/account.schema'
import { showError, showSuccess } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { Form, FormTextField, Submit } from '../../ui/form/Form'
import { useActionForm } from '../../ui/form/use-action-form'
import { useAreaText } from '../../lib/area-text'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'

const schemas = () => import('../../../common/schemas/tutor/account.schema')

export function PhoneBox({ phone, confirmed }: { phone: string | null; confirmed: boolean }) {
  const at = useAreaText('account')
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const [editing, setEditing] = useState(false)
  /** The code field shows once a code has been sent from this page. */
  const [codeSent, setCodeSent] = useState(false)
  const refresh = () =>
    Promise.all([utils.tutor.account.settings.get.invalidate(), utils.tutor.profile.get.invalidate()])
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
        {!phone
          ? at('account.phone_none')
          : confirmed
            ? at('account.phone_confirmed', { phone: shown })
            : at('account.phone_not_confirmed', { phone: shown })}
      </p>
      {phone && !confirmed && !editing && codeSent && (
        <CodeForm onDone={refresh} onResend={() => resend.mutate()} resending={resend.isPending} />
      )}
      {editing ? (
        <NumberForm
          onCancel={() => setEditing(false)}
          onSent={async () => {
            setEditing(false)
            setCodeSent(true)
            await refresh()
          }}
        />
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

/** A new number (phone.set): the edition's rule in the browser, then the server's (a number taken by another account). */
function NumberForm({ onCancel, onSent }: { onCancel: () => void; onSent: () => Promise<void> }) {
  const at = useAreaText('account')
  const { edition } = useSite()
  const set = trpc.tutor.account.phone.set.useMutation()
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZPhoneSet(edition)), {
    deps: [edition],
    defaults: { phone: '' } satisfies TPhoneSet,
    action: (values) => set.mutateAsync(values),
    success: at('account.phone_code_sent'),
    onDone: onSent,
  })
  return (
    <Form form={form} onSubmit={submit} className="flex flex-wrap items-start gap-3" data-testid="phone-form">
      <FormTextField
        name="phone"
        id="phone-new"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        label={at('account.phone')}
        adornment={edition.phone.prefix}
        className="w-64"
      />
      <Submit pending={pending} className="sm:mt-6">
        {at('account.phone_send_code')}
      </Submit>
      <Button variant="secondary" onClick={onCancel} className="sm:mt-6">
        {at('account.cancel')}
      </Button>
    </Form>
  )
}

/** The SMS code (phone.confirm); a wrong one is refused under the field. */
function CodeForm({
  onDone,
  onResend,
  resending,
}: {
  onDone: () => Promise<unknown>
  onResend: () => void
  resending: boolean
}) {
  const at = useAreaText('account')
  const confirm = trpc.tutor.account.phone.confirm.useMutation()
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZPhoneConfirm), {
    defaults: { code: '' } satisfies TPhoneConfirm,
    action: (values) => confirm.mutateAsync(values),
    success: at('account.phone_done'),
    onDone: async () => {
      form.reset({ code: '' })
      await onDone()
    },
  })
  return (
    <Form form={form} onSubmit={submit} className="flex flex-wrap items-start gap-3" data-testid="phone-code-form">
      <FormTextField
        name="code"
        id="phone-code"
        label={at('account.phone_code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        className="w-40"
      />
      <Submit pending={pending} className="sm:mt-6">
        {at('account.phone_confirm')}
      </Submit>
      <Button variant="secondary" onClick={onResend} disabled={resending} className="sm:mt-6">
        {at('account.phone_resend')}
      </Button>
    </Form>
  )
}

export function Dot({ ok }: { ok: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block size-2.5 shrink-0 rounded-full ${ok ? 'bg-emerald-500' : 'bg-amber-500'}`}
    />
  )
}
