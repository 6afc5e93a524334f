// The tutor editor's billing data (docs/api.md#admin-tutors billing approve and
// clear_once_field): the tutor's data and documents, the status, approve, reject with a comment (the
// tutor sees it), and clearing one field or one kind of documents.
import type { BillingAnswer, BillingClearable } from '../../common/schemas/tutor/billing.schema'
import { BILLING_TEXT_FIELDS } from '../../common/schemas/tutor/billing.schema'
import { type PT, usePanelShortDate } from './text'
import { Badge, type BadgeTone } from '../ui/Badge'
import { showError, showSuccess } from '../ui/Banner'
import { Button } from '../ui/Button'
import { Card } from '../ui/Card'
import { ConfirmDialog } from '../ui/Dialog'
import { Loading } from '../ui/State'
import { Form, FormTextArea } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { trpc } from '../lib/trpc'

const TONE: Record<BillingAnswer['status'], BadgeTone> = {
  none: 'grey',
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
}

export function TutorBillingCard({ tutorId, pt, disabled }: { tutorId: number; pt: PT; disabled?: boolean }) {
  const shortDate = usePanelShortDate()
  const utils = trpc.useUtils()
  const billing = trpc.admin.billing.get.useQuery({ tutor_id: tutorId })
  const done = (message: string) => ({
    onSuccess: (data: BillingAnswer) => {
      utils.admin.billing.get.setData({ tutor_id: tutorId }, data)
      showSuccess(message)
    },
    onError: showError,
  })
  const approve = trpc.admin.billing.approve.useMutation(done(pt('bd.approved')))
  const clear = trpc.admin.billing.clearField.useMutation(done(pt('bd.cleared')))
  const b = billing.data
  return (
    <Card
      title={pt('bd.title')}
      testId="tutor-billing"
      aside={
        b && (
          <Badge tone={TONE[b.status]} pill data-testid="tutor-billing-status">
            {pt(`bd.status.${b.status}`)}
          </Badge>
        )
      }
    >
      {!b ? (
        <Loading text={pt('panel.loading')} />
      ) : b.status === 'none' ? (
        <p className="text-sm text-slate-600">{pt('bd.none')}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <dl className="text-sm">
            <Line label={pt('bd.field.is_company')}>{b.billing_data.is_company ? pt('p.yes') : pt('p.no')}</Line>
            {BILLING_TEXT_FIELDS.map((f) => (
              <Line
                key={f}
                label={pt(`bd.field.${f}`)}
                action={
                  b.billing_data[f] ? (
                    <ClearButton
                      field={f}
                      label={pt(`bd.field.${f}`)}
                      pt={pt}
                      onClear={() => clear.mutateAsync({ tutor_id: tutorId, field: f })}
                      disabled={disabled}
                    />
                  ) : null
                }
              >
                <span data-testid={`tutor-billing-${f}`}>{b.billing_data[f] || '—'}</span>
              </Line>
            ))}
            {(['billing', 'address'] as const).map((kind) => {
              const docs = b.documents.filter((d) => d.kind === kind)
              const field: BillingClearable = kind === 'billing' ? 'billing_documents' : 'address_documents'
              return (
                <Line
                  key={kind}
                  label={pt(`bd.field.${field}`)}
                  action={
                    docs.length ? (
                      <ClearButton
                        field={field}
                        label={pt(`bd.field.${field}`)}
                        pt={pt}
                        onClear={() => clear.mutateAsync({ tutor_id: tutorId, field })}
                        disabled={disabled}
                      />
                    ) : null
                  }
                >
                  {docs.length === 0 ? (
                    <span className="text-slate-500">{pt('bd.no_documents')}</span>
                  ) : (
                    <ul>
                      {docs.map((d) => (
                        <li key={d.id}>
                          <a
                            href={d.url}
                            target="_blank"
                            rel="noopener"
                            className="text-brand-dark underline underline-offset-2"
                            data-testid="tutor-billing-document"
                          >
                            {d.name}
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </Line>
              )
            })}
          </dl>
          {b.decided_at && (
            <p className="text-xs text-slate-500">{pt('bd.decided', { date: shortDate(b.decided_at) })}</p>
          )}
          {b.status === 'rejected' && b.reject_comment && (
            <p className="rounded-lg bg-red-50 p-2 text-sm text-red-900">
              {pt('bd.current_comment')}: {b.reject_comment}
            </p>
          )}
          <div className="flex flex-wrap items-start gap-3">
            <Button
              size="sm"
              variant="primary"
              disabled={disabled || approve.isPending || b.status === 'approved'}
              onClick={() =>
                approve.mutate({
                  tutor_id: tutorId,
                  approve: true,
                  reject_comment: '',
                  updated_at: b.updated_at ?? undefined,
                })
              }
              data-testid="tutor-billing-approve"
            >
              {pt('bd.approve')}
            </Button>
          </div>
          <RejectForm
            tutorId={tutorId}
            updatedAt={b.updated_at}
            pt={pt}
            disabled={disabled}
            onDone={(data) => utils.admin.billing.get.setData({ tutor_id: tutorId }, data)}
          />
        </div>
      )}
    </Card>
  )
}

function Line({ label, action, children }: { label: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr_auto] items-start gap-3 border-b border-slate-100 py-1.5 last:border-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
      <div>{action}</div>
    </div>
  )
}

function ClearButton({
  field,
  label,
  pt,
  onClear,
  disabled,
}: {
  field: string
  label: string
  pt: PT
  onClear: () => Promise<unknown>
  disabled?: boolean
}) {
  return (
    <ConfirmDialog
      size="sm"
      trigger={
        <Button
          size="sm"
          variant="ghost"
          disabled={disabled}
          data-testid={`tutor-billing-clear-${field}`}
          aria-label={`${pt('bd.clear')}: ${label}`}
        >
          {pt('bd.clear')}
        </Button>
      }
      title={pt('bd.clear_q', { field: label })}
      description={pt('bd.clear_text')}
      confirm={pt('bd.clear')}
      cancel={pt('p.cancel')}
      onConfirm={onClear}
    />
  )
}

function RejectForm({
  tutorId,
  updatedAt,
  pt,
  disabled,
  onDone,
}: {
  tutorId: number
  updatedAt: string | null
  pt: PT
  disabled?: boolean
  onDone: (data: BillingAnswer) => void
}) {
  const reject = trpc.admin.billing.approve.useMutation()
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/tutor/billing.schema').then((m) => m.ZStaffBillingApprove),
    {
      defaults: { tutor_id: tutorId, approve: false, reject_comment: '' },
      action: (v) => reject.mutateAsync({ ...v, approve: false, updated_at: updatedAt ?? undefined }),
      success: pt('bd.rejected'),
      onDone: (data) => {
        onDone(data)
        form.reset({ tutor_id: tutorId, approve: false, reject_comment: '' })
      },
    },
  )
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-2" data-testid="tutor-billing-reject">
      <FormTextArea
        size="sm"
        name="reject_comment"
        id="billing-reject-comment"
        label={pt('bd.reject_comment')}
        rows={2}
        maxLength={1000}
      />
      <Button size="sm" type="submit" variant="danger" className="self-start" disabled={disabled || pending}>
        {pt('bd.reject')}
      </Button>
    </Form>
  )
}
