// The panel's order editor (/panel/users_orders/{id}): the order, every staff action the order's
// status allows (the `actions` list of GET /admin/order/get, from the status machine), the dialogs
// that need data (pause date, lost reasons, payment, first lesson, review, answer), the tutors
// (appoint from a search or the potential tutors, remove, yellow mark), the responsible staff member
// (reassign) and the event log.
import { type FormEvent, type ReactNode, useState } from 'react'
import type { FieldValues } from 'react-hook-form'
import type { inferRouterOutputs } from '@trpc/server'
import { Link, useLocation } from 'wouter'
import type { AppRouter } from '../../../server/routers/app'
import { fromLocalInput, toLocalInput } from '../../lib/dates'
import { namedAsForm, nestedIn } from '../../lib/nested-form-errors'
import { OrderFacts, StatusBadge, partyFacts } from '../../orders/OrderFacts'
import type { OrdersText } from '../../orders/text'
import { showError, showSuccess } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { ActionDialog, DialogClose } from '../../ui/Dialog'
import { CONTROL, Checkbox, Field, MarkInput } from '../../ui/Field'
import { Form, FormSelect, FormTextArea, FormTextField, useFormOf } from '../../ui/form/Form'
import { type SchemaSource, useActionForm } from '../../ui/form/use-action-form'
import { Card } from '../../ui/Card'
import { DataTable } from '../../ui/Table'
import { Price } from '../../ui/Price'
import { trpc } from '../../lib/trpc'
import { useSite } from '../../lib/site'
import type { Edition } from '../../../common/editions'
import { usePanelOrdersText } from './PanelOrders'
import { usePT, usePanelFormatDate } from '../text'
import { StaffOrderChat } from './StaffOrderChat'

type Client = ReturnType<typeof trpc.useUtils>['client']['admin']['orders']
/** Actions done with the order id alone. */
const PLAIN: Record<string, (c: Client, order_id: number) => Promise<unknown>> = {
  set_processing: (c, order_id) => c.setProcessing.mutate({ order_id }),
  set_potential: (c, order_id) => c.setPotential.mutate({ order_id }),
  set_potential_off: (c, order_id) => c.setPotentialOff.mutate({ order_id }),
  set_paid_off: (c, order_id) => c.setPaidOff.mutate({ order_id }),
  set_lost_off: (c, order_id) => c.setLostOff.mutate({ order_id }),
  unpause: (c, order_id) => c.unpause.mutate({ order_id }),
  set_no_review: (c, order_id) => c.setNoReview.mutate({ order_id }),
  set_empty_review: (c, order_id) => c.setEmptyReview.mutate({ order_id }),
  set_school_new: (c, order_id) => c.setSchoolNew.mutate({ order_id }),
  set_school_processing: (c, order_id) => c.setSchoolProcessing.mutate({ order_id }),
  set_other_site_new: (c, order_id) => c.setOtherSiteNew.mutate({ order_id }),
  sms_client: (c, order_id) => c.smsClient.mutate({ order_id }),
  sms_tutor: (c, order_id) => c.smsTutor.mutate({ order_id }),
}
/** Actions that open a dialog. */
const DIALOGS = ['set_pause', 'set_lost', 'set_paid', 'set_first_class', 'set_review', 'set_review_response'] as const
type DialogName = (typeof DIALOGS)[number] | 'delete_tutor'

export function OrderEditor({ id }: { id: number }) {
  const ot = usePanelOrdersText()
  const fmt = usePanelFormatDate()
  const { edition } = useSite()
  const pt = usePT()
  const utils = trpc.useUtils()
  const [, navigate] = useLocation()
  const query = trpc.admin.orders.get.useQuery({ id })
  const [dialog, setDialog] = useState<DialogName | null>(null)
  const [removeTutor, setRemoveTutor] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const order = query.data

  /** A dialog's form is done (its own banner said so): close it and read the order again. */
  const closeDialog = async () => {
    setDialog(null)
    await utils.admin.orders.invalidate()
  }
  const run = async (fn: () => Promise<unknown>, done?: string) => {
    setBusy(true)
    try {
      await fn()
      setDialog(null)
      showSuccess(done ?? ot('orders.staff.saved'))
      await utils.admin.orders.invalidate()
    } catch (err) {
      showError(err)
    } finally {
      setBusy(false)
    }
  }

  if (query.isPending) return <p className="text-slate-600">{ot('orders.loading')}</p>
  if (!order) return <h1 className="text-2xl font-bold text-slate-900">{query.error?.message}</h1>
  const c = utils.client.admin.orders
  const can = (a: string) => (order.actions as readonly string[]).includes(a)
  const plain = Object.keys(PLAIN).filter(can)
  const dialogs = DIALOGS.filter(can)

  return (
    <div className="flex flex-col gap-5" data-testid="order-editor" data-status={order.status}>
      <Link href="/panel/users_orders" className="text-sm text-brand-dark underline underline-offset-2">
        {ot('orders.staff.back')}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{ot('orders.order_n', { id: order.id })}</h1>
        <StatusBadge status={order.status} ot={ot} />
        {order.favorite ? <span className="text-amber-500">★</span> : null}
        <a href={`/zayavka/${order.id}/`} className="ml-auto text-sm text-brand-dark underline underline-offset-2">
          {ot('orders.staff.open_page')}
        </a>
      </header>

      <Card aria-label={ot('orders.page.actions')}>
        <h2 className="mb-3 font-semibold text-slate-900">{ot('orders.page.actions')}</h2>
        <div className="flex flex-wrap gap-2" data-testid="staff-actions">
          {dialogs.map((a) => (
            <Button
              key={a}
              variant={a === 'set_paid' ? 'primary' : 'secondary'}
              disabled={busy}
              onClick={() => setDialog(a)}
            >
              {ot(`orders.action.${a}` as never)}
            </Button>
          ))}
          {plain.map((a) => (
            <Button
              key={a}
              variant="secondary"
              disabled={busy}
              onClick={() =>
                run(() => PLAIN[a]!(c, order.id), a.startsWith('sms_') ? ot('orders.staff.sms_sent') : undefined)
              }
            >
              {ot(`orders.action.${a}` as never)}
            </Button>
          ))}
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              run(() => c.setFavorite.mutate({ order_id: order.id, add_favorite: order.favorite ? 0 : 1 }))
            }
          >
            {ot(order.favorite ? 'orders.staff.favorite_off' : 'orders.staff.favorite')}
          </Button>
          {order.client_id !== null && (
            <Button
              variant="secondary"
              disabled={busy}
              data-testid="call-client"
              onClick={() =>
                run(
                  () =>
                    utils.client.admin.telephony.outcomeNew.mutate({
                      order_id: order.id,
                      recipient: 'client',
                      recipient_id: order.client_id!,
                    }),
                  pt('calls.calling'),
                )
              }
            >
              {pt('calls.call_client')}
            </Button>
          )}
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              run(async () => navigate(`/panel/users_orders/${(await c.copy.mutate({ id: order.id })).order_id}`))
            }
          >
            {ot('orders.action.copy')}
          </Button>
          {can('delete') && (
            <Button
              variant="secondary"
              disabled={busy}
              className="text-red-700"
              onClick={() =>
                run(async () => {
                  await c.delete.mutate({ order_id: order.id })
                  navigate('/panel/users_orders')
                })
              }
            >
              {ot('orders.action.delete')}
            </Button>
          )}
        </div>
      </Card>

      <ResponsibleCard order={order} busy={busy} />

      <div className="grid gap-5 lg:grid-cols-2">
        <Card>
          <OrderFacts
            order={order}
            ot={ot}
            extra={[
              ...partyFacts(order, ot),
              [ot('orders.staff.payment'), paymentText(order.payment_data, ot, fmt, edition)],
              [
                ot('orders.page.review'),
                order.review_mark ? `${'★'.repeat(order.review_mark)} ${order.review_text ?? ''}` : null,
              ],
              [ot('orders.staff.review_response'), order.review_response_text],
              [ot('orders.staff.reason'), order.remove_reasons],
              [ot('orders.staff.pause_until'), fmt(order.date_pause_off)],
            ]}
          />
        </Card>
        <TutorsCard
          order={order}
          busy={busy}
          run={run}
          onRemove={(tid) => {
            setRemoveTutor(tid)
            setDialog('delete_tutor')
          }}
        />
      </div>

      {/* Another order (a copy opened) starts the form again. */}
      <EditCard key={order.id} order={order} busy={busy} />

      <FeePaymentsCard payments={order.fee_payments} ot={ot} />

      <StaffOrderChat
        key={`chat-${order.id}`}
        orderId={order.id}
        clientId={order.client_id}
        tutorId={order.tutor_id}
        ot={ot}
      />

      <Card>
        <h2 className="mb-3 font-semibold text-slate-900">{ot('orders.staff.events')}</h2>
        <ol className="flex flex-col gap-1 text-sm" data-testid="order-events">
          {order.events.map((e) => (
            <li key={e.id} className="flex flex-wrap gap-x-3 border-b border-slate-100 py-1 last:border-0">
              <span className="text-slate-500 tabular-nums">{fmt(e.at)}</span>
              <span className="font-medium text-slate-800">{eventText(e.action, ot)}</span>
              <span className="text-slate-600">
                {codeText(ot, 'orders.actor', e.actor_kind)}
                {e.actor_name ? `: ${e.actor_name}` : e.actor_id ? ` №${e.actor_id}` : ''}
              </span>
              {e.from_status !== e.to_status && e.to_status ? (
                <span className="text-slate-600">
                  {e.from_status ? ot(`orders.status.${e.from_status}` as never) : '—'} →{' '}
                  {ot(`orders.status.${e.to_status}` as never)}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      </Card>

      <ActionDialog
        open={dialog !== null}
        onOpenChange={(v) => !v && setDialog(null)}
        title={
          dialog === 'delete_tutor'
            ? ot('orders.staff.remove_tutor')
            : dialog
              ? ot(`orders.action.${dialog}` as never)
              : ''
        }
      >
        {dialog === 'set_pause' && (
          <DialogForm
            schema={() => schemas().then((m) => m.ZSetPause)}
            defaults={{ order_id: order.id, date_pause_off: '' }}
            action={(v) =>
              c.setPause.mutate({ ...v, date_pause_off: fromLocalInput(v.date_pause_off, edition.timeZone) })
            }
            onDone={closeDialog}
          >
            <DialogField name="date_pause_off" label={ot('orders.staff.pause_until')} type="datetime-local" />
          </DialogForm>
        )}
        {dialog === 'set_lost' && (
          <DialogForm
            schema={() => schemas().then((m) => m.ZSetLost)}
            defaults={{ order_id: order.id, remove_reasons: '' }}
            action={(v) => c.setLost.mutate(v)}
            onDone={closeDialog}
          >
            <DialogField name="remove_reasons" label={ot('orders.staff.reason')} multiline />
          </DialogForm>
        )}
        {dialog === 'delete_tutor' && removeTutor && (
          <DialogForm
            schema={() => schemas().then((m) => m.ZDeleteTutor)}
            defaults={{ order_id: order.id, tutor_id: removeTutor, remove_reasons: '' }}
            action={(v) => c.deleteTutor.mutate(v)}
            onDone={closeDialog}
          >
            <DialogField name="remove_reasons" label={ot('orders.staff.reason')} multiline />
          </DialogForm>
        )}
        {dialog === 'set_first_class' && (
          <DialogForm
            schema={() => schemas().then((m) => m.ZFirstClass)}
            defaults={{ order_id: order.id, first_class: toLocalInput(order.first_class, edition.timeZone) }}
            action={(v) =>
              c.setFirstClass.mutate({ ...v, first_class: fromLocalInput(v.first_class, edition.timeZone) })
            }
            onDone={closeDialog}
          >
            <DialogField name="first_class" label={ot('orders.first_class')} type="datetime-local" />
          </DialogForm>
        )}
        {dialog === 'set_review_response' && (
          <DialogForm
            schema={() => schemas().then((m) => m.ZSetReviewResponse)}
            defaults={{ order_id: order.id, review_response_text: order.review_response_text ?? '' }}
            action={(v) => c.setReviewResponse.mutate(v)}
            onDone={closeDialog}
          >
            <DialogField name="review_response_text" label={ot('orders.staff.review_response')} multiline />
          </DialogForm>
        )}
        {dialog === 'set_paid' && (
          <DialogForm
            schema={() => schemas().then((m) => m.ZSetPaid)}
            defaults={{
              order_id: order.id,
              payment_data: { amount: '', method: '', date: new Date().toISOString().slice(0, 10), comment: '' },
            }}
            action={(v) => c.setPaid.mutate(v)}
            onDone={closeDialog}
          >
            <FormTextField
              name="payment_data.amount"
              id="paid-amount"
              inputMode="decimal"
              label={ot('orders.staff.amount')}
            />
            <FormTextField name="payment_data.method" id="paid-method" label={ot('orders.staff.method')} />
            <FormTextField name="payment_data.date" id="paid-date" type="date" label={ot('orders.staff.pay_date')} />
            <FormTextField name="payment_data.comment" id="paid-comment" label={ot('orders.comment')} />
          </DialogForm>
        )}
        {dialog === 'set_review' && (
          <DialogForm
            schema={() => schemas().then((m) => m.ZSetReview)}
            defaults={{ order_id: order.id, review_mark: 5, review_text: '' }}
            action={(v) => c.setReview.mutate(v)}
            onDone={closeDialog}
          >
            <ReviewMark label={ot('orders.page.mark')} />
            <FormTextArea name="review_text" id="review-text" rows={4} label={ot('orders.page.review_text')} />
          </DialogForm>
        )}
      </ActionDialog>
    </div>
  )
}

type StaffOrder = inferRouterOutputs<AppRouter>['admin']['orders']['get']

/**
 * Who is responsible for the order (docs/decisions.md#orders: the staff member on duty who had the
 * fewest open orders, or whom staff passed it to) and the reassignment to another staff member.
 */
function ResponsibleCard({ order, busy }: { order: StaffOrder; busy: boolean }) {
  const pt = usePT()
  const utils = trpc.useUtils()
  const options = trpc.admin.orders.staffOptions.useQuery()
  const choices = (options.data?.items ?? []).filter((s) => s.admin_id !== order.staff_id)
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZSetOrderStaff), {
    defaults: { order_id: order.id, staff_id: '' },
    action: (v) => utils.client.admin.orders.setStaff.mutate({ order_id: order.id, staff_id: Number(v.staff_id) }),
    success: pt('panel.responsible.done'),
    onDone: async () => {
      form.reset()
      await utils.admin.orders.invalidate()
    },
  })
  const to = form.watch('staff_id')
  return (
    <Card aria-labelledby="responsible-title">
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="flex flex-col gap-1">
          <h2 id="responsible-title" className="font-semibold text-slate-900">
            {pt('panel.responsible')}
          </h2>
          <p
            data-testid="order-responsible"
            className={order.staff_name ? 'font-medium text-slate-900' : 'text-slate-600'}
          >
            {order.staff_name ?? pt('panel.responsible.nobody')}
          </p>
        </div>
        <Form form={form} onSubmit={submit} className="ml-auto flex flex-wrap items-end gap-2">
          <FormSelect name="staff_id" id="responsible-to" label={pt('panel.responsible.choose')}>
            <option value="">—</option>
            {choices.map((s) => (
              <option key={s.admin_id} value={s.admin_id}>
                {pt('panel.responsible.open_orders', { name: s.name, n: s.open_orders })}
              </option>
            ))}
          </FormSelect>
          <Button
            type="submit"
            variant="secondary"
            disabled={busy || pending || !to}
            data-testid="responsible-reassign"
          >
            {pt('panel.responsible.reassign')}
          </Button>
        </Form>
      </div>
      <p className="mt-2 text-sm text-slate-600">{pt('panel.responsible.rule')}</p>
    </Card>
  )
}

function TutorsCard({
  order,
  busy,
  run,
  onRemove,
}: {
  order: StaffOrder
  busy: boolean
  run: (fn: () => Promise<unknown>, done?: string) => Promise<void>
  onRemove: (tutorId: number) => void
}) {
  const ot = usePanelOrdersText()
  const pt = usePT()
  const utils = trpc.useUtils()
  const c = utils.client.admin.orders
  const [text, setText] = useState('')
  const [search, setSearch] = useState('')
  const [showPotential, setShowPotential] = useState(false)
  const found = trpc.admin.orders.searchTutors.useQuery(
    { order_id: order.id, filters: { text_search: search } },
    { enabled: search !== '' },
  )
  const potential = trpc.admin.orders.getPotentialTutors.useQuery({ order_id: order.id }, { enabled: showPotential })
  const canAppoint = (order.actions as readonly string[]).includes('appoint_tutor')
  const canYellow = (order.actions as readonly string[]).includes('tutor_mark_yellow')
  const appoint = (tutor_id: number) => run(() => c.appointTutor.mutate({ order_id: order.id, tutor_id }))
  const candidates = [...(found.data?.items ?? []), ...(showPotential ? (potential.data?.items ?? []) : [])]

  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">{ot('orders.staff.tutors')}</h2>
      <ul className="mb-4 flex flex-col gap-2 text-sm" data-testid="order-tutors">
        {order.tutors.map((t) => (
          <li
            key={t.response_id}
            className={`flex flex-wrap items-center gap-2 rounded-lg border px-3 py-2 ${t.yellow ? 'border-amber-300 bg-amber-50' : 'border-slate-200'}`}
          >
            <a href={`/user-${t.tutor_id}/`} className="font-medium text-slate-900 underline-offset-2 hover:underline">
              {t.name}
            </a>
            <span className="text-slate-500" data-testid="order-tutor-role">
              {codeText(ot, 'orders.role', t.role)}
              {t.response ? ` · ${codeText(ot, 'orders.response', t.response)}` : ''}
            </span>
            <span className="ml-auto flex gap-2">
              <Button
                variant="secondary"
                className="px-2 py-1"
                disabled={busy}
                data-testid={`call-tutor-${t.tutor_id}`}
                aria-label={`${pt('calls.call_tutor')}: ${t.name}`}
                onClick={() =>
                  run(
                    () =>
                      utils.client.admin.telephony.outcomeNew.mutate({
                        order_id: order.id,
                        recipient: 'tutor',
                        recipient_id: t.tutor_id,
                      }),
                    pt('calls.calling'),
                  )
                }
              >
                {pt('calls.call')}
              </Button>
              {t.tutor_id === order.tutor_id && (order.actions as readonly string[]).includes('delete_tutor') && (
                <Button variant="secondary" className="px-2 py-1" disabled={busy} onClick={() => onRemove(t.tutor_id)}>
                  {ot('orders.staff.remove_tutor')}
                </Button>
              )}
              {canYellow && (
                <Button
                  variant="secondary"
                  className="px-2 py-1"
                  disabled={busy}
                  onClick={() =>
                    run(() =>
                      (t.yellow ? c.tutorMarkYellowOff : c.tutorMarkYellow).mutate({
                        order_id: order.id,
                        tutor_id: t.tutor_id,
                      }),
                    )
                  }
                >
                  {ot(t.yellow ? 'orders.staff.yellow_off' : 'orders.staff.yellow')}
                </Button>
              )}
              {canAppoint && t.role !== 'removed' && (
                <Button className="px-2 py-1" disabled={busy} onClick={() => appoint(t.tutor_id)}>
                  {ot('orders.staff.appoint')}
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {canAppoint && (
        <>
          {/* The search field takes the row's width; the buttons wrap below it in the half-width card. */}
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e: FormEvent) => {
              e.preventDefault()
              setSearch(text.trim())
            }}
          >
            <Field id="tutor-search" label={ot('orders.staff.find_tutor')} className="min-w-56 flex-1">
              <input id="tutor-search" className={CONTROL.md} value={text} onChange={(e) => setText(e.target.value)} />
            </Field>
            <Button type="submit" variant="secondary">
              {ot('orders.staff.apply')}
            </Button>
            <Button variant="secondary" onClick={() => setShowPotential(!showPotential)} aria-pressed={showPotential}>
              {ot('orders.staff.potential_list')}
            </Button>
          </form>
          <ul className="mt-3 flex flex-col gap-1 text-sm" data-testid="tutor-candidates">
            {candidates.map((t) => (
              <li key={`${t.tutor_id}`} className="flex items-center gap-2 rounded-lg px-2 py-1 hover:bg-slate-50">
                <span className="font-medium">{t.name}</span>
                <span className="text-slate-500">#{t.tutor_id}</span>
                <Button className="ml-auto px-2 py-1" disabled={busy} onClick={() => appoint(t.tutor_id)}>
                  {ot('orders.staff.appoint')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  )
}

function Actions({ busy, children }: { busy: boolean; children?: ReactNode }) {
  const ot = usePanelOrdersText()
  return (
    <div className="mt-4 flex justify-end gap-2">
      {children}
      <DialogClose asChild>
        <Button variant="secondary">{ot('orders.cancel')}</Button>
      </DialogClose>
      <Button type="submit" disabled={busy}>
        {ot('orders.save')}
      </Button>
    </div>
  )
}

// The dialogs' schemas, loaded with the first dialog (zod stays out of the panel's first load).
const schemas = () => import('../../../common/schemas/admin/orders.schema')

/**
 * A dialog's form on useActionForm: the procedure's own schema checks it in the browser, the action
 * sends it, a 422 lands under the field it names; done, the success banner shows and the dialog closes.
 */
function DialogForm<V extends FieldValues>({
  schema,
  defaults,
  action,
  onDone,
  children,
}: {
  schema: SchemaSource
  defaults: V
  action: (v: V) => Promise<unknown>
  onDone: () => Promise<void>
  children: ReactNode
}) {
  const ot = usePanelOrdersText()
  const { form, submit, pending } = useActionForm(schema, {
    defaults,
    // The schema is the caller's (typed only as a schema): the values are the defaults' fields.
    action: (v) => action(v as V),
    success: ot('orders.staff.saved'),
    onDone,
  })
  return (
    <Form form={form} onSubmit={submit}>
      {children}
      <Actions busy={pending} />
    </Form>
  )
}

/** The stars of the review dialog (a value kept by the form; no Controller: see SubjectsSection's note on the sign-in pages' chunk). */
function ReviewMark({ label }: { label: string }) {
  const form = useFormOf<{ review_mark: number }>()
  return (
    <MarkInput
      value={Number(form.watch('review_mark'))}
      onChange={(v) => form.setValue('review_mark', v)}
      label={label}
    />
  )
}

function DialogField({
  name,
  label,
  type = 'text',
  multiline,
}: {
  name: string
  label: string
  type?: string
  multiline?: boolean
}) {
  return multiline ? (
    <FormTextArea name={name} id="dialog-field" rows={4} label={label} />
  ) : (
    <FormTextField name={name} id="dialog-field" type={type} label={label} />
  )
}

/** The request's own fields (save): contact, place, regularity, duration, comment and notes. */
function EditCard({ order, busy }: { order: StaffOrder; busy: boolean }) {
  const ot = usePanelOrdersText()
  const utils = trpc.useUtils()
  const c = utils.client.admin.orders
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZOrderSave), {
    // The call's own shape: the fields travel in `order` (a 422 names them `order.client_email`).
    defaults: {
      order_id: order.id,
      order: {
        client_name: order.client_name ?? '',
        client_phone: order.client_phone ?? '',
        client_email: order.client_email ?? '',
        form_location: order.form_location as string[],
        client_place: order.client_place ?? '',
        class_regularity: String(order.class_regularity ?? ''),
        class_duration: String(order.class_duration ?? ''),
        description: order.description ?? '',
        info: order.info ?? '',
      },
    },
    action: (v) => namedAsForm(c.save.mutate(v), nestedIn('order')),
    success: ot('orders.staff.saved'),
    onDone: () => utils.admin.orders.invalidate(),
  })
  const text = (
    key: 'client_name' | 'client_phone' | 'client_email' | 'client_place' | 'class_regularity' | 'class_duration',
    label: string,
    type = 'text',
  ) => <FormTextField name={`order.${key}`} id={`edit-${key}`} type={type} label={label} />
  return (
    <Card>
      <details>
        <summary className="cursor-pointer font-semibold text-slate-900">{ot('orders.staff.edit')}</summary>
        <Form form={form} onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-2">
          {text('client_name', ot('orders.request.name'))}
          {text('client_phone', ot('orders.request.phone'), 'tel')}
          {text('client_email', ot('orders.request.email'), 'email')}
          <fieldset className="flex flex-col gap-1">
            <legend className="text-sm font-medium text-slate-700">{ot('orders.place')}</legend>
            <div className="flex flex-wrap gap-3 pt-2">
              {(['travel', 'home', 'online'] as const).map((p) => (
                <Checkbox key={p} value={p} label={ot(`orders.place.${p}`)} {...form.register('order.form_location')} />
              ))}
            </div>
          </fieldset>
          {text('client_place', ot('orders.address'))}
          <div className="grid grid-cols-2 gap-3">
            {text('class_regularity', ot('orders.regularity'), 'number')}
            {text('class_duration', ot('orders.duration'), 'number')}
          </div>
          <FormTextArea name="order.description" id="edit-description" rows={3} label={ot('orders.comment')} />
          <FormTextArea name="order.info" id="edit-info" rows={3} label={ot('orders.staff.info')} />
          <div className="flex justify-end gap-2 sm:col-span-2">
            <Button variant="secondary" onClick={() => form.reset()}>
              {ot('orders.staff.reset')}
            </Button>
            <Button type="submit" disabled={busy || pending}>
              {ot('orders.save')}
            </Button>
          </div>
        </Form>
      </details>
    </Card>
  )
}

/** The recorded payment as one line: amount and currency, method, date, comment. */
/**
 * The order's payment record in words: the amount with the edition's currency sign, the method named
 * (the wallet, a provider; staff's own text as typed) and the date as the panel writes dates.
 */
function paymentText(
  p: unknown,
  ot: OrdersText,
  fmt: (iso: string | null | undefined, withTime?: boolean) => string,
  edition: Edition,
): string | null {
  if (!p || typeof p !== 'object') return null
  const d = p as { amount?: number | string; currency?: string; method?: string; date?: string; comment?: string }
  const currency = d.currency === edition.currency ? edition.currencyIcon : d.currency
  const methodKey = `orders.payment_method.${d.method}`
  const method = d.method && ot(methodKey as never) !== methodKey ? ot(methodKey as never) : d.method
  // A calendar date: read at noon UTC, so no time zone moves it to another day.
  const date = d.date && /^\d{4}-\d{2}-\d{2}$/.test(d.date) ? fmt(`${d.date}T12:00:00Z`, false) : d.date
  return [[d.amount, currency].filter(Boolean).join(' '), method, date, d.comment].filter(Boolean).join(' · ')
}

/** A stored code (a tutor's role on the order, an answer, who acted) in words; an unknown one as "—". */
function codeText(
  ot: OrdersText,
  prefix: 'orders.role' | 'orders.response' | 'orders.actor' | 'orders.payment_status',
  code: string,
): string {
  const key = `${prefix}.${code}`
  const text = ot(key as never)
  return text === key ? '—' : text
}

/** A history event in past-tense words; one the catalog does not name yet reads "other action". */
function eventText(action: string, ot: OrdersText): string {
  const key = `orders.event.${action}`
  const text = ot(key as never)
  return text === key ? ot('orders.event.other') : text
}

type FeePayments = StaffOrder['fee_payments']

/** How the tutor paid the fee: provider attempts, and the charges to the wallet. */
function FeePaymentsCard({ payments, ot }: { payments: FeePayments; ot: OrdersText }) {
  const fmt = usePanelFormatDate()
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">{ot('orders.staff.fee_payments')}</h2>
      <div className="flex flex-col gap-4">
        <DataTable
          label={ot('orders.staff.fee_attempts')}
          rows={payments.attempts}
          rowKey={(p) => p.payment_id}
          empty={ot('orders.staff.fee_attempts_none')}
          columns={[
            { key: 'id', header: ot('orders.staff.fee_attempts'), cell: (p) => `№${p.payment_id} · ${p.provider}` },
            {
              key: 'status',
              header: ot('orders.staff.fee_status'),
              cell: (p) => codeText(ot, 'orders.payment_status', p.status),
            },
            {
              key: 'amount',
              header: ot('orders.staff.amount'),
              className: 'text-right',
              cell: (p) => <Price minor={p.amount_minor} currency={p.currency} />,
            },
            { key: 'at', header: ot('orders.staff.pay_date'), cell: (p) => fmt(p.paid_at ?? p.created_at) },
          ]}
        />
        <DataTable
          label={ot('orders.staff.fee_charges')}
          rows={payments.charges}
          rowKey={(c) => c.entry_id}
          empty={ot('orders.staff.fee_charges_none')}
          columns={[
            {
              key: 'entry',
              header: ot('orders.staff.fee_charges'),
              cell: (c) => `№${c.entry_id} · ${codeText(ot, 'orders.actor', c.by)}`,
            },
            {
              key: 'amount',
              header: ot('orders.staff.amount'),
              className: 'text-right',
              cell: (c) => <Price minor={c.amount_minor} currency={c.currency} />,
            },
            { key: 'at', header: ot('orders.staff.pay_date'), cell: (c) => fmt(c.at) },
          ]}
        />
      </div>
    </Card>
  )
}
