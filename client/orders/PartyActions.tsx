// What a client or a tutor may do with an order now, shared by the order page and the cabinets.
// Which buttons show comes from the status machine (common/order-status.ts `allowed`, the
// same table the API enforces) and the viewer's part in the order. The forms (first lesson, review,
// refusal's reason, answer to a review) are useActionForms over their procedures' own schemas
// (server/routers/{client,tutor}/orders.schema.ts); a refusal lands under its field.
import type { inferRouterOutputs } from '@trpc/server'
import { useState } from 'react'
import type { AppRouter } from '../../server/routers/app'
import { allowed } from '../../common/order-status'
import { fromLocalInput, toLocalInput } from '../lib/dates'
import { useSite } from '../lib/site'
import type { OrdersText } from './text'
import { showError, showSuccess } from '../ui/Banner'
import { Button } from '../ui/Button'
import { MarkInput } from '../ui/Field'
import { Form, FormTextArea, FormTextField, Submit } from '../ui/form/Form'
import { type SchemaSource, useActionForm } from '../ui/form/use-action-form'
import type { TSetReview } from '../../common/schemas/client/orders.schema'
import { trpc } from '../lib/trpc'

type Out = inferRouterOutputs<AppRouter>
export type ClientOrderView = Out['clientArea']['orders']['get']
export type TutorOrderView = Out['tutor']['orders']['get']

function useRun(ot: OrdersText) {
  const utils = trpc.useUtils()
  const [busy, setBusy] = useState(false)
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await fn()
      showSuccess(ot('orders.done'))
      await Promise.all([utils.clientArea.orders.invalidate(), utils.tutor.orders.invalidate()])
      return true
    } catch (err) {
      showError(err)
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, run, c: utils.client }
}

/** After a form's action: the orders' queries (the order page, the cabinets' lists) read the order again. */
function useRefresh() {
  const utils = trpc.useUtils()
  return () => Promise.all([utils.clientArea.orders.invalidate(), utils.tutor.orders.invalidate()])
}

const clientSchemas = () => import('../../common/schemas/client/orders.schema')
const tutorSchemas = () => import('../../common/schemas/tutor/orders.schema')

/** set_first_class of either party (ZSetFirstClass, ZTutorFirstClass: the same fields); the field is on the edition's clock. */
function FirstClassForm({
  order,
  schema,
  send,
  ot,
}: {
  order: { id: number; first_class: string | null }
  schema: SchemaSource
  send: (v: { order_id: number; first_class: string }) => Promise<unknown>
  ot: OrdersText
}) {
  const refresh = useRefresh()
  const { timeZone } = useSite().edition
  const { form, submit, pending } = useActionForm(schema, {
    defaults: { order_id: order.id, first_class: toLocalInput(order.first_class, timeZone) },
    action: (v) => send({ order_id: order.id, first_class: fromLocalInput(v.first_class, timeZone) }),
    success: ot('orders.done'),
    onDone: refresh,
  })
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-2" data-testid="first-class-form">
      <FormTextField
        name="first_class"
        id={`first-class-${order.id}`}
        type="datetime-local"
        label={ot('orders.first_class')}
      />
      <Submit pending={pending} className="self-start">
        {ot('orders.page.set_first_class')}
      </Submit>
    </Form>
  )
}

/** A form with one text (the refusal's reason, the answer to a review): its procedure's schema, its field's name. */
function TextForm<N extends string>(props: {
  orderId: number
  name: N
  label: string
  submit: string
  schema: SchemaSource
  send: (v: { order_id: number } & Record<N, string>) => Promise<unknown>
  ot: OrdersText
}) {
  const { orderId, name, label, ot } = props
  const refresh = useRefresh()
  const defaults = { order_id: orderId, [name]: '' } as { order_id: number } & Record<N, string>
  const { form, submit, pending } = useActionForm(props.schema, {
    defaults,
    // The schema is the caller's (typed only as a schema): the values are the defaults' fields.
    action: (v) => props.send(v as typeof defaults),
    success: ot('orders.done'),
    onDone: refresh,
  })
  const id = `${name}-${orderId}`
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-2">
      <FormTextArea name={name} id={id} rows={3} label={label} />
      <Submit pending={pending} className="self-start">
        {props.submit}
      </Submit>
    </Form>
  )
}

/** The client's review of a paid order (ZSetReview): the stars are radios over `review_mark`. */
function ReviewForm({ order, ot }: { order: ClientOrderView; ot: OrdersText }) {
  const refresh = useRefresh()
  const c = trpc.useUtils().client
  const defaults: TSetReview = { order_id: order.id, review_mark: 5, review_text: '' }
  const { form, submit, pending } = useActionForm(() => clientSchemas().then((m) => m.ZSetReview), {
    defaults,
    action: (v) => c.clientArea.orders.setReview.mutate(v),
    success: ot('orders.done'),
    onDone: refresh,
  })
  return (
    <Form form={form} onSubmit={submit} data-testid="review-form" className="flex flex-col gap-3">
      <h3 className="font-semibold text-slate-900">{ot('orders.page.review')}</h3>
      <MarkInput
        value={Number(form.watch('review_mark'))}
        onChange={(v) => form.setValue('review_mark', v)}
        label={ot('orders.page.mark')}
      />
      <FormTextArea name="review_text" id={`review-text-${order.id}`} rows={4} label={ot('orders.page.review_text')} />
      <Submit pending={pending} className="self-start">
        {ot('orders.page.send_review')}
      </Submit>
    </Form>
  )
}

/** The client's actions: choose among responders, confirm the first lesson, review a paid order. */
export function ClientActions({ order, ot }: { order: ClientOrderView; ot: OrdersText }) {
  const { busy, run, c } = useRun(ot)
  const canAppoint = allowed(order.status, 'appoint_tutor', 'client')
  const canFirst = order.tutor_id !== null && allowed(order.status, 'set_first_class', 'client')
  const canReview = allowed(order.status, 'set_review', 'client') && order.review_mark === null
  const choosing = canAppoint && order.responded_tutors.length > 0
  if (!choosing && !canFirst && !canReview)
    return <p className="text-sm text-slate-500">{ot('orders.page.nothing_now')}</p>
  return (
    <div className="flex flex-col gap-5" data-testid="client-actions">
      {choosing && (
        <div>
          <h3 className="mb-2 font-semibold text-slate-900">{ot('orders.page.responded')}</h3>
          <ul className="flex flex-col gap-2">
            {order.responded_tutors.map((t) => (
              <li key={t.tutor_id} className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
                <a href={`/user-${t.tutor_id}/`} className="font-medium text-slate-900 hover:underline">
                  {t.name}
                </a>
                <Button
                  className="ml-auto px-3 py-1"
                  disabled={busy}
                  onClick={() =>
                    run(() => c.clientArea.orders.appointTutor.mutate({ order_id: order.id, tutor_id: t.tutor_id }))
                  }
                >
                  {ot('orders.page.choose_tutor')}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {canFirst && (
        <FirstClassForm
          order={order}
          ot={ot}
          schema={() => clientSchemas().then((m) => m.ZSetFirstClass)}
          send={(v) => c.clientArea.orders.setFirstClass.mutate(v)}
        />
      )}
      {canReview && <ReviewForm order={order} ot={ot} />}
    </div>
  )
}

/** The tutor's actions: respond or decline an offer, set the first lesson, answer the review. */
export function TutorActions({
  order,
  ot,
}: {
  order: TutorOrderView & { response?: string | null; refused_reason?: string | null }
  ot: OrdersText
}) {
  const { busy, run, c } = useRun(ot)
  const unanswered = order.response === null || order.response === undefined
  const canPersonal = order.my_role === 'personal' && unanswered && allowed(order.status, 'respond_personal', 'tutor')
  const canPotential =
    order.my_role === 'potential' && unanswered && allowed(order.status, 'respond_potential', 'tutor')
  const canRefuse =
    (order.my_role === 'personal' || order.my_role === 'potential') &&
    unanswered &&
    allowed(order.status, 'set_refused_reason', 'tutor')
  const canFirst = order.my_role === 'appointed' && allowed(order.status, 'set_first_class', 'tutor')
  const canAnswer =
    order.my_role === 'appointed' &&
    order.review_mark !== null &&
    !order.review_response_text &&
    allowed(order.status, 'set_review_response', 'tutor')
  const [refusing, setRefusing] = useState(false)
  const said = order.response === 'responded' || !!order.refused_reason
  if (!said && !canPersonal && !canPotential && !canRefuse && !canFirst && !canAnswer)
    return <p className="text-sm text-slate-500">{ot('orders.page.nothing_now')}</p>
  return (
    <div className="flex flex-col gap-4" data-testid="tutor-actions">
      {order.response === 'responded' && <p className="text-emerald-700">{ot('orders.page.you_responded')}</p>}
      {order.refused_reason && (
        <p className="text-slate-600">{ot('orders.page.you_refused', { reason: order.refused_reason })}</p>
      )}
      {(canPersonal || canPotential || canRefuse) && (
        <div className="flex flex-wrap gap-2">
          {(canPersonal || canPotential) && (
            <Button
              disabled={busy}
              onClick={() =>
                run(() =>
                  (canPersonal ? c.tutor.orders.respondPersonal : c.tutor.orders.respondPotential).mutate({
                    order_id: order.id,
                  }),
                )
              }
            >
              {ot('orders.page.respond')}
            </Button>
          )}
          {canRefuse && (
            <Button variant="secondary" disabled={busy} aria-expanded={refusing} onClick={() => setRefusing(!refusing)}>
              {ot('orders.page.refuse')}
            </Button>
          )}
        </div>
      )}
      {refusing && canRefuse && (
        <TextForm
          orderId={order.id}
          name="refused_reason"
          label={ot('orders.page.refuse_reason')}
          submit={ot('orders.page.refuse')}
          schema={() => tutorSchemas().then((m) => m.ZRefusedReason)}
          send={(v) => c.tutor.orders.setRefusedReason.mutate(v)}
          ot={ot}
        />
      )}
      {canFirst && (
        <FirstClassForm
          order={order}
          ot={ot}
          schema={() => tutorSchemas().then((m) => m.ZTutorFirstClass)}
          send={(v) => c.tutor.orders.setFirstClass.mutate(v)}
        />
      )}
      {canAnswer && (
        <TextForm
          orderId={order.id}
          name="review_response_text"
          label={ot('orders.page.answer_review')}
          submit={ot('orders.page.answer_review')}
          schema={() => tutorSchemas().then((m) => m.ZResponseReview)}
          send={(v) => c.tutor.orders.responseReview.mutate(v)}
          ot={ot}
        />
      )}
    </div>
  )
}
