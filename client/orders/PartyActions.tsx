// What a client or a tutor may do with an order now, shared by the order page and the cabinets.
// Which buttons show comes from the status machine (common/order-status.ts `allowed`, the
// same table the API enforces) and the viewer's part in the order.
import type { inferRouterOutputs } from '@trpc/server'
import { useState } from 'react'
import type { AppRouter } from '../../server/routers/app'
import { allowed } from '../../common/order-status'
import { Button } from '../components/ui/Button'
import { showError, showSuccess } from '../components/ui/StatusBanner'
import { trpc } from '../lib/trpc'
import { Field, INPUT, MarkInput, type OrdersText, fromLocalInput, toLocalInput } from './shared'

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

function FirstClassForm({ initial, busy, onSubmit, ot }: { initial: string | null; busy: boolean; onSubmit: (iso: string) => void; ot: OrdersText }) {
  const [v, setV] = useState(toLocalInput(initial))
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => { e.preventDefault(); if (v) onSubmit(fromLocalInput(v)) }}>
      <Field id="first-class" label={ot('orders.first_class')}>
        <input id="first-class" type="datetime-local" required className={INPUT} value={v} onChange={(e) => setV(e.target.value)} />
      </Field>
      <Button type="submit" disabled={busy || !v}>
        {ot('orders.page.set_first_class')}
      </Button>
    </form>
  )
}

function TextForm({ id, label, submit, busy, onSubmit }: { id: string; label: string; submit: string; busy: boolean; onSubmit: (v: string) => void }) {
  const [v, setV] = useState('')
  return (
    <form className="flex flex-col gap-2" onSubmit={(e) => { e.preventDefault(); if (v.trim()) onSubmit(v.trim()) }}>
      <Field id={id} label={label}>
        <textarea id={id} rows={3} required className={INPUT} value={v} onChange={(e) => setV(e.target.value)} />
      </Field>
      <Button type="submit" disabled={busy || !v.trim()} className="self-start">
        {submit}
      </Button>
    </form>
  )
}

/** The client's actions: choose among responders, confirm the first lesson, review a paid order. */
export function ClientActions({ order, ot }: { order: ClientOrderView; ot: OrdersText }) {
  const { busy, run, c } = useRun(ot)
  const [mark, setMark] = useState(5)
  const [text, setText] = useState('')
  const canAppoint = allowed(order.status, 'appoint_tutor', 'client')
  const canFirst = order.tutor_id !== null && allowed(order.status, 'set_first_class', 'client')
  const canReview = allowed(order.status, 'set_review', 'client') && order.review_mark === null
  const choosing = canAppoint && order.responded_tutors.length > 0
  if (!choosing && !canFirst && !canReview) return <p className="text-sm text-slate-500">{ot('orders.page.nothing_now')}</p>
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
                <Button className="ml-auto px-3 py-1" disabled={busy} onClick={() => run(() => c.clientArea.orders.appointTutor.mutate({ order_id: order.id, tutor_id: t.tutor_id }))}>
                  {ot('orders.page.choose_tutor')}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {canFirst && <FirstClassForm initial={order.first_class} busy={busy} ot={ot} onSubmit={(iso) => run(() => c.clientArea.orders.setFirstClass.mutate({ order_id: order.id, first_class: iso }))} />}
      {canReview && (
        <form
          data-testid="review-form"
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            void run(() => c.clientArea.orders.setReview.mutate({ order_id: order.id, review_mark: mark, review_text: text }))
          }}
        >
          <h3 className="font-semibold text-slate-900">{ot('orders.page.review')}</h3>
          <MarkInput value={mark} onChange={setMark} label={ot('orders.page.mark')} />
          <Field id={`review-text-${order.id}`} label={ot('orders.page.review_text')}>
            <textarea id={`review-text-${order.id}`} rows={4} className={INPUT} value={text} onChange={(e) => setText(e.target.value)} />
          </Field>
          <Button type="submit" disabled={busy} className="self-start">
            {ot('orders.page.send_review')}
          </Button>
        </form>
      )}
    </div>
  )
}

/** The tutor's actions: respond or decline an offer, set the first lesson, answer the review. */
export function TutorActions({ order, ot }: { order: TutorOrderView & { response?: string | null; refused_reason?: string | null }; ot: OrdersText }) {
  const { busy, run, c } = useRun(ot)
  const unanswered = order.response === null || order.response === undefined
  const canPersonal = order.my_role === 'personal' && unanswered && allowed(order.status, 'respond_personal', 'tutor')
  const canPotential = order.my_role === 'potential' && unanswered && allowed(order.status, 'respond_potential', 'tutor')
  const canRefuse = (order.my_role === 'personal' || order.my_role === 'potential') && unanswered && allowed(order.status, 'set_refused_reason', 'tutor')
  const canFirst = order.my_role === 'appointed' && allowed(order.status, 'set_first_class', 'tutor')
  const canAnswer = order.my_role === 'appointed' && order.review_mark !== null && !order.review_response_text && allowed(order.status, 'set_review_response', 'tutor')
  const [refusing, setRefusing] = useState(false)
  const said = order.response === 'responded' || !!order.refused_reason
  if (!said && !canPersonal && !canPotential && !canRefuse && !canFirst && !canAnswer) return <p className="text-sm text-slate-500">{ot('orders.page.nothing_now')}</p>
  return (
    <div className="flex flex-col gap-4" data-testid="tutor-actions">
      {order.response === 'responded' && <p className="text-emerald-700">{ot('orders.page.you_responded')}</p>}
      {order.refused_reason && <p className="text-slate-600">{ot('orders.page.you_refused', { reason: order.refused_reason })}</p>}
      {(canPersonal || canPotential || canRefuse) && (
        <div className="flex flex-wrap gap-2">
          {(canPersonal || canPotential) && (
            <Button
              disabled={busy}
              onClick={() => run(() => (canPersonal ? c.tutor.orders.respondPersonal : c.tutor.orders.respondPotential).mutate({ order_id: order.id }))}
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
        <TextForm id={`refuse-${order.id}`} label={ot('orders.page.refuse_reason')} submit={ot('orders.page.refuse')} busy={busy} onSubmit={(v) => run(() => c.tutor.orders.setRefusedReason.mutate({ order_id: order.id, refused_reason: v }))} />
      )}
      {canFirst && <FirstClassForm initial={order.first_class} busy={busy} ot={ot} onSubmit={(iso) => run(() => c.tutor.orders.setFirstClass.mutate({ order_id: order.id, first_class: iso }))} />}
      {canAnswer && (
        <TextForm id={`answer-${order.id}`} label={ot('orders.page.answer_review')} submit={ot('orders.page.answer_review')} busy={busy} onSubmit={(v) => run(() => c.tutor.orders.responseReview.mutate({ order_id: order.id, review_response_text: v }))} />
      )}
    </div>
  )
}
