// /settings/billing: the tutor's billing data: the form (the edition's schema from
// common/schemas/tutor/billing.schema.ts, so the browser asks for what the server requires), the
// documents (stored ones kept or removed, new ones chosen here and uploaded with the save), the
// status and the moderator's comment. Saved as multipart: `billing_data` JSON text and the files.
import { useRef, useState } from 'react'
import type { BillingAnswer, BillingFields, BillingTextField } from '../../../common/schemas/tutor/billing.schema'
import { Badge, type BadgeTone } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { Card } from '../../ui/Card'
import { FieldError, errorAt } from '../../ui/Field'
import { Form, FormCheckbox, FormTextField, Submit } from '../../ui/form/Form'
import { useActionForm } from '../../ui/form/use-action-form'
import { Loading } from '../../ui/State'
import { formatDate } from '../../ui/Date'
import { useAreaText } from '../../lib/area-text'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'
import { postMultipart } from './upload'

const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png'
const STATUS_TONE: Record<BillingAnswer['status'], BadgeTone> = {
  none: 'grey',
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
}

type Values = BillingAnswer['billing_data'] & {
  documents: number[]
  new_billing_documents: string
  new_address_documents: string
}
type Kind = 'billing' | 'address'

const valuesOf = (b: BillingAnswer): Values => ({
  ...b.billing_data,
  documents: b.documents.map((d) => d.id),
  new_billing_documents: '',
  new_address_documents: '',
})

export function BillingPage() {
  const at = useAreaText('billing')
  const billing = trpc.tutor.billing.get.useQuery()
  if (!billing.data) return <Loading text={at('billing.loading')} />
  return <BillingEditor data={billing.data} />
}

function BillingEditor({ data }: { data: BillingAnswer }) {
  const at = useAreaText('billing')
  const { edition, locale } = useSite()
  const utils = trpc.useUtils()
  const [files, setFiles] = useState<Record<Kind, File[]>>({ billing: [], address: [] })
  const { form, submit, pending } = useActionForm(
    () => import('../../../common/schemas/tutor/billing.schema').then((m) => m.billingSchema(edition)),
    {
      defaults: valuesOf(data),
      action: (values, parsed) => {
        const body = new FormData()
        body.append('billing_data', JSON.stringify({ ...(parsed as BillingFields), documents: values.documents }))
        for (const f of files.billing) body.append('new_billing_documents[]', f)
        for (const f of files.address) body.append('new_address_documents[]', f)
        return postMultipart<BillingAnswer>('/tutor/billing_data/save', body, undefined, locale)
      },
      success: at('billing.saved'),
      onDone: (saved) => {
        utils.tutor.billing.get.setData(undefined, saved)
        setFiles({ billing: [], address: [] })
        form.reset(valuesOf(saved))
      },
    },
  )
  const isCompany = form.watch('is_company')
  const required = new Set<BillingTextField>(data.required)
  if (isCompany) {
    required.add('company_name')
    required.add('tax_id')
  }
  const label = (f: BillingTextField) =>
    required.has(f) ? at(`billing.${f}`) : `${at(`billing.${f}`)} (${at('billing.optional')})`
  const field = (f: BillingTextField, extra: { autoComplete?: string; className?: string } = {}) => (
    <FormTextField
      name={f}
      id={`billing-${f}`}
      label={label(f)}
      autoComplete={extra.autoComplete}
      className={extra.className}
    />
  )

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{at('billing.title')}</h1>
        <Badge tone={STATUS_TONE[data.status]} pill data-testid="billing-status">
          {at(`billing.status_${data.status}`)}
        </Badge>
      </div>
      {data.status === 'rejected' && data.reject_comment && (
        <div
          role="note"
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
          data-testid="billing-reject-comment"
        >
          <p className="font-semibold">{at('billing.reject_comment')}</p>
          <p className="mt-1 whitespace-pre-line">{data.reject_comment}</p>
        </div>
      )}
      {data.decided_at && data.status !== 'pending' && (
        <p className="text-sm text-slate-500">
          {at('billing.decided_at', { date: formatDate(data.decided_at, locale, { time: false }) })}
        </p>
      )}
      <p className="text-sm text-slate-600">
        {at('billing.intro')}{' '}
        {data.tax_percent > 0 ? at('billing.tax_note', { percent: data.tax_percent }) : at('billing.no_tax_note')}
        {data.status === 'approved' && ` ${at('billing.approved_hint')}`}
      </p>
      <Form form={form} onSubmit={submit} className="flex flex-col gap-6" data-testid="billing-form">
        <Card title={at('billing.nav_billing')}>
          <div className="flex flex-col gap-4">
            <FormCheckbox name="is_company" label={at('billing.is_company')} />
            <div className="grid gap-4 sm:grid-cols-2">
              {field('full_name', { autoComplete: 'name' })}
              {isCompany && field('company_name', { autoComplete: 'organization' })}
              {field('tax_id')}
              {field('iban')}
            </div>
            {field('address', { autoComplete: 'street-address' })}
            <div className="grid gap-4 sm:grid-cols-3">
              {field('postal_code', { autoComplete: 'postal-code' })}
              {field('city', { autoComplete: 'address-level2' })}
              {field('country', { autoComplete: 'country-name' })}
            </div>
          </div>
        </Card>
        <Card title={at('billing.documents')}>
          <p className="mb-4 text-sm text-slate-600">{at('billing.files_hint')}</p>
          <div className="flex flex-col gap-6">
            {(['billing', 'address'] as const).map((kind) => (
              <DocumentGroup
                key={kind}
                kind={kind}
                stored={data.documents.filter((d) => d.kind === kind && (form.watch('documents') ?? []).includes(d.id))}
                onRemoveStored={(id) =>
                  form.setValue(
                    'documents',
                    (form.getValues('documents') ?? []).filter((x: number) => x !== id),
                    { shouldDirty: true },
                  )
                }
                files={files[kind]}
                setFiles={(next) => setFiles((all) => ({ ...all, [kind]: next }))}
                error={errorAt(
                  form.formState.errors,
                  kind === 'billing' ? 'new_billing_documents' : 'new_address_documents',
                )}
              />
            ))}
          </div>
        </Card>
        <div>
          <Submit pending={pending}>{at('billing.save')}</Submit>
        </div>
      </Form>
    </div>
  )
}

function DocumentGroup(props: {
  kind: Kind
  stored: BillingAnswer['documents']
  onRemoveStored: (id: number) => void
  files: File[]
  setFiles: (files: File[]) => void
  error: string | undefined
}) {
  const at = useAreaText('billing')
  const input = useRef<HTMLInputElement>(null)
  const title = at(props.kind === 'billing' ? 'billing.billing_documents' : 'billing.address_documents')
  return (
    <section aria-label={title} data-testid={`billing-docs-${props.kind}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="font-semibold text-slate-900">{title}</h3>
          <p className="text-sm text-slate-600">
            {at(props.kind === 'billing' ? 'billing.billing_documents_hint' : 'billing.address_documents_hint')}
          </p>
        </div>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={`${at('billing.choose_files')}: ${title}`}
          data-testid={`billing-input-${props.kind}`}
          onChange={(e) => {
            if (e.target.files) props.setFiles([...props.files, ...e.target.files])
            e.target.value = ''
          }}
        />
        <Button variant="secondary" onClick={() => input.current?.click()}>
          {at('billing.choose_files')}
        </Button>
      </div>
      <FieldError id={`billing-${props.kind}-error`} message={props.error} />
      {props.stored.length === 0 && props.files.length === 0 && (
        <p className="mt-2 text-sm text-slate-500">{at('billing.no_documents')}</p>
      )}
      <ul className="mt-2 flex flex-col gap-2">
        {props.stored.map((d) => (
          <li
            key={d.id}
            className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-2"
            data-testid="billing-stored-document"
          >
            <a
              href={d.url}
              target="_blank"
              rel="noopener"
              className="truncate font-medium text-brand-dark underline underline-offset-2"
            >
              {d.name}
            </a>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => props.onRemoveStored(d.id)}
              aria-label={`${at('billing.remove')}: ${d.name}`}
            >
              {at('billing.remove')}
            </Button>
          </li>
        ))}
        {props.files.map((f, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: picked files have no identity (the same file may be picked twice); rows hold no state
            key={`${f.name}-${i}`}
            className="flex items-center justify-between gap-3 rounded-lg border border-dashed border-brand/50 bg-brand/5 p-2"
            data-testid="billing-new-document"
          >
            <span className="truncate text-slate-900">
              {f.name} <Badge tone="blue">{at('billing.new_file')}</Badge>
            </span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => props.setFiles(props.files.filter((_, j) => j !== i))}
              aria-label={`${at('billing.remove')}: ${f.name}`}
            >
              {at('billing.remove')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
