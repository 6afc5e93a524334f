// /client_profile: the client's contacts as the account holds them (client settings/get), the terms
// confirmation, a generated password (sent by e-mail, or SMS without one; never shown) and deleting
// the client profile, confirmed in a dialog, which signs the client out everywhere.
import { useLocation } from 'wouter'
import type { AuthObject } from '../../lib/api-types'
import type { TConfirmTerms } from '../../../common/schemas/client/account.schema'
import { showError, showSuccess } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/Dialog'
import { FieldError, errorAt } from '../../ui/Field'
import { Form, Submit } from '../../ui/form/Form'
import { useActionForm } from '../../ui/form/use-action-form'
import { useAreaText } from '../../lib/area-text'
import { useLocalePath } from '../../lib/paths'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'
import { Badge } from '../../ui/Badge'
import { Card } from '../../ui/Card'
import { Skeleton } from '../../ui/State'

export function ClientProfilePage({ auth }: { auth: AuthObject }) {
  const ct = useAreaText('clientAccount')
  const { edition } = useSite()
  const settings = trpc.clientArea.account.settings.useQuery()
  const s = settings.data
  const name = auth.client_info ? auth.client_info.name : ''

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">{ct('clientAccount.profile_title')}</h1>
      {!s ? (
        <Skeleton />
      ) : (
        <>
          <Card id="client-personal" title={ct('clientAccount.personal')}>
            <dl data-testid="client-data" className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
              <Row label={ct('clientAccount.name')} value={name} />
              <Row
                label={ct('clientAccount.email')}
                value={s.email}
                confirmed={s.email ? s.email_confirmed : undefined}
              />
              <Row
                label={ct('clientAccount.phone')}
                value={s.phone && `${edition.phone.prefix}${s.phone}`}
                confirmed={s.phone ? s.phone_confirmed : undefined}
              />
            </dl>
          </Card>
          <TermsCard confirmed={s.terms_confirmed} />
          <PasswordCard hasPassword={s.has_password} />
          <DeleteCard />
        </>
      )}
    </div>
  )
}

function Row({ label, value, confirmed }: { label: string; value: string | null; confirmed?: boolean }) {
  const ct = useAreaText('clientAccount')
  return (
    <>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2 text-slate-900">
        {value ? (
          <span className="break-all">{value}</span>
        ) : (
          <span className="text-slate-500">{ct('clientAccount.not_set')}</span>
        )}
        {confirmed !== undefined && (
          <Badge pill tone={confirmed ? 'green' : 'amber'}>
            {confirmed ? ct('clientAccount.confirmed') : ct('clientAccount.not_confirmed')}
          </Badge>
        )}
      </dd>
    </>
  )
}

function TermsCard({ confirmed }: { confirmed: boolean }) {
  const ct = useAreaText('clientAccount')
  const { t } = useSite()
  const href = useLocalePath()
  // The client offer, the same page as the footer's link; a new tab keeps the form as it is.
  const offer = (
    <a
      href={href('/p/ofertaclient')}
      target="_blank"
      rel="noopener"
      className="text-sm font-medium text-brand-dark underline underline-offset-2"
    >
      {t('footer.offer_client')}
    </a>
  )
  const utils = trpc.useUtils()
  const confirm = trpc.clientArea.account.confirmTerms.useMutation()
  const { form, submit, pending } = useActionForm(
    () => import('../../../common/schemas/client/account.schema').then((m) => m.ZConfirmTerms),
    {
      defaults: { confirmation_terms: false } satisfies TConfirmTerms,
      action: (values) => confirm.mutateAsync(values),
      success: ct('clientAccount.terms_done'),
      onDone: () => utils.clientArea.account.settings.invalidate(),
    },
  )
  const error = errorAt(form.formState.errors, 'confirmation_terms')

  return (
    <Card id="client-terms" title={ct('clientAccount.terms_title')}>
      {confirmed ? (
        <p data-testid="terms-state" className="flex flex-wrap items-center gap-2 text-slate-700">
          <Badge pill tone="green">
            {ct('clientAccount.terms_done')}
          </Badge>
          {ct('clientAccount.terms_accepted')}
          {offer}
        </p>
      ) : (
        <Form form={form} onSubmit={submit} className="flex flex-col gap-4" data-testid="terms-form">
          <p className="text-slate-700">
            {ct('clientAccount.terms_pending')} {offer}
          </p>
          <div className="flex flex-col gap-1">
            <label className="flex items-start gap-3 text-slate-800">
              <input
                type="checkbox"
                className="mt-1 size-4 accent-brand"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'terms-error' : undefined}
                {...form.register('confirmation_terms')}
              />
              {ct('clientAccount.terms_checkbox')}
            </label>
            <FieldError id="terms-error" message={error} />
          </div>
          <Submit pending={pending} className="self-start">
            {ct('clientAccount.terms_confirm')}
          </Submit>
        </Form>
      )}
    </Card>
  )
}

function PasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const ct = useAreaText('clientAccount')
  const utils = trpc.useUtils()
  const generate = trpc.clientArea.account.generatePassword.useMutation({
    // The card says where the password went (and keeps saying it); no banner on top.
    onSuccess: () => utils.clientArea.account.settings.invalidate(),
    onError: showError,
  })
  return (
    <Card id="client-password" title={ct('clientAccount.password_title')}>
      <p className="mb-4 text-slate-700">
        {ct(hasPassword ? 'clientAccount.password_set' : 'clientAccount.password_none')}
      </p>
      {generate.isSuccess && (
        <p
          role="status"
          className="mb-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200"
        >
          {ct(
            generate.data.channel === 'sms' ? 'clientAccount.password_sent_sms' : 'clientAccount.password_sent_email',
          )}
        </p>
      )}
      <Button variant="secondary" disabled={generate.isPending} onClick={() => generate.mutate()}>
        {ct('clientAccount.password_generate')}
      </Button>
    </Card>
  )
}

function DeleteCard() {
  const ct = useAreaText('clientAccount')
  const href = useLocalePath()
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  const remove = trpc.clientArea.account.deleteProfile.useMutation({
    onSuccess: async (data) => {
      // The session is gone: the header and every cached answer forget the client.
      utils.auth.role.get.setData(undefined, { auth: data.auth })
      await utils.invalidate()
      showSuccess(ct('clientAccount.deleted'))
      navigate(href('/'))
    },
    onError: showError,
  })

  return (
    <Card id="client-delete" title={ct('clientAccount.delete_title')} tone="danger">
      <p className="mb-4 text-slate-700">{ct('clientAccount.delete_hint')}</p>
      <ConfirmDialog
        trigger={
          <Button variant="secondary" className="border-red-300 text-red-700 hover:bg-red-50">
            {ct('clientAccount.delete_button')}
          </Button>
        }
        title={ct('clientAccount.delete_confirm_title')}
        description={ct('clientAccount.delete_confirm_text')}
        confirm={ct('clientAccount.delete_confirm')}
        cancel={ct('clientAccount.cancel')}
        onConfirm={() => remove.mutateAsync()}
      />
    </Card>
  )
}
