// /settings for a client: mailings to an additional e-mail (the API subscribes or replaces the address;
// it has no unsubscribe call: mailings carry the unsubscribe link), and how the client signs in.
import { Switch } from 'radix-ui'
import { useState } from 'react'
import type { TAdditionalEmail } from '../../../common/schemas/client/account.schema'
import { Form, FormTextField, Submit } from '../../ui/form/Form'
import { useActionForm } from '../../ui/form/use-action-form'
import { useAreaText } from '../../lib/area-text'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'
import { Badge } from '../../ui/Badge'
import { Card } from '../../ui/Card'
import { Skeleton } from '../../ui/State'

export function ClientSettingsPage() {
  const ct = useAreaText('clientAccount')
  const { edition } = useSite()
  const settings = trpc.clientArea.account.settings.useQuery()
  const s = settings.data
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">{ct('clientAccount.settings_title')}</h1>
      {!s ? (
        <Skeleton />
      ) : (
        <>
          <MailingCard subscribed={s.additional_email_subscribed} address={s.additional_email} />
          <Card id="client-sign-in" title={ct('clientAccount.sign_in_title')}>
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
              <dt className="text-sm font-medium text-slate-500">{ct('clientAccount.email')}</dt>
              <dd className="flex flex-wrap items-center gap-2 text-slate-900">
                {s.email ?? <span className="text-slate-500">{ct('clientAccount.not_set')}</span>}
                {s.email && (
                  <Badge pill tone={s.email_confirmed ? 'green' : 'amber'}>
                    {ct(s.email_confirmed ? 'clientAccount.confirmed' : 'clientAccount.not_confirmed')}
                  </Badge>
                )}
              </dd>
              <dt className="text-sm font-medium text-slate-500">{ct('clientAccount.phone')}</dt>
              <dd className="flex flex-wrap items-center gap-2 text-slate-900">
                {s.phone ? (
                  `${edition.phone.prefix}${s.phone}`
                ) : (
                  <span className="text-slate-500">{ct('clientAccount.not_set')}</span>
                )}
                {s.phone && (
                  <Badge pill tone={s.phone_confirmed ? 'green' : 'amber'}>
                    {ct(s.phone_confirmed ? 'clientAccount.confirmed' : 'clientAccount.not_confirmed')}
                  </Badge>
                )}
              </dd>
              <dt className="text-sm font-medium text-slate-500">{ct('clientAccount.password_title')}</dt>
              <dd className="text-slate-700">
                {ct(s.has_password ? 'clientAccount.password_set' : 'clientAccount.password_none')}
              </dd>
            </dl>
          </Card>
        </>
      )}
    </div>
  )
}

function MailingCard({ subscribed, address }: { subscribed: boolean; address: string | null }) {
  const ct = useAreaText('clientAccount')
  const utils = trpc.useUtils()
  // Switched on here before saving shows the address field; a saved subscription stays on.
  const [on, setOn] = useState(subscribed)
  const subscribe = trpc.clientArea.account.subscribeAdditionalEmail.useMutation()
  const { form, submit, pending } = useActionForm(
    () => import('../../../common/schemas/client/account.schema').then((m) => m.ZAdditionalEmail),
    {
      defaults: { email: address ?? '' } satisfies TAdditionalEmail,
      action: (values) => subscribe.mutateAsync(values),
      success: ct('clientAccount.additional_saved'),
      onDone: async (data) => {
        form.reset({ email: data.additional_email })
        await utils.clientArea.account.settings.invalidate()
      },
    },
  )

  return (
    <Card id="client-mailing" title={ct('clientAccount.mailing_title')}>
      <div className="flex items-start justify-between gap-4">
        <div>
          <label htmlFor="additional-email-switch" className="font-medium text-slate-900">
            {ct('clientAccount.additional_toggle')}
          </label>
          <p id="additional-email-hint" className="mt-1 text-sm text-slate-600">
            {subscribed && address
              ? ct('clientAccount.additional_active', { email: address })
              : ct('clientAccount.additional_hint')}
          </p>
        </div>
        <Switch.Root
          id="additional-email-switch"
          checked={on}
          disabled={subscribed}
          onCheckedChange={setOn}
          aria-describedby="additional-email-hint"
          className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed data-[state=checked]:bg-brand"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
        </Switch.Root>
      </div>
      {on && (
        <Form
          form={form}
          onSubmit={submit}
          className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-start"
          data-testid="additional-email-form"
        >
          <FormTextField
            name="email"
            id="additional-email"
            type="email"
            autoComplete="email"
            label={ct('clientAccount.additional_email')}
            className="flex-1"
          />
          <Submit pending={pending} className="sm:mt-6 sm:py-2.5">
            {ct('clientAccount.additional_save')}
          </Submit>
        </Form>
      )}
      {subscribed && <p className="mt-3 text-sm text-slate-500">{ct('clientAccount.additional_off_hint')}</p>}
    </Card>
  )
}
