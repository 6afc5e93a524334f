// The order form from a tutor's profile (/request/tutor/{id}/, minimal shell): make_personal_request
// with subject, level, place, address, regularity, duration, first lesson and a comment; a visitor
// who is not signed in also gives name, phone (the edition's rule) and e-mail. A signed-in client
// then goes to the order's page; a visitor is told a code was sent and may sign in with it here.
import { pushAnalytics } from '../lib/analytics'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useLocation } from 'wouter'
import type { TRequest } from '../../server/routers/client/requests.schema'
import { TextField } from '../components/form/TextField'
import { Button } from '../components/ui/Button'
import { StatusBanner, showError } from '../components/ui/StatusBanner'
import { reportFormError } from '../lib/form-errors'
import { useLazyZodResolver } from '../lib/lazy-resolver'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { Card, Field, INPUT, useOrdersText } from './shared'

type Values = Omit<TRequest, 'form_location' | 'first_class'> & { form_location: string[]; first_class?: string }

const FIELDS = ['lesson_id', 'level_id', 'form_location', 'address', 'class_regularity', 'class_duration', 'first_class', 'description', 'name', 'phone', 'email', 'tutor_id'] as const

export function requestTutorId(path: string): number | null {
  const m = path.match(/^\/request\/(?:tutor|personal)\/(\d{1,9})\/?$/)
  return m ? Number(m[1]) : null
}

export default function RequestPage({ path }: { path: string }) {
  const ot = useOrdersText()
  const tutorId = requestTutorId(path)
  const tutor = trpc.public.catalogue.tutor.useQuery({ id: tutorId ?? 0 }, { enabled: tutorId !== null, retry: false })
  const [sent, setSent] = useState<{ order_id: number; client_id: number; login: string } | null>(null)
  if (tutorId === null || tutor.isError) return <Centered title={ot('orders.request.no_tutor')} />
  if (!tutor.data) return <Centered title={ot('orders.loading')} />
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <StatusBanner />
      {sent ? <CodeSignIn {...sent} /> : <RequestForm tutor={tutor.data} onVisitorSent={setSent} />}
    </div>
  )
}

function Centered({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
    </div>
  )
}

interface TutorLite {
  id: number
  name: string
  lessons: { id: number; name: string; levels: { id: number; name: string }[] }[]
}

function RequestForm({ tutor, onVisitorSent }: { tutor: TutorLite; onVisitorSent: (s: { order_id: number; client_id: number; login: string }) => void }) {
  const ot = useOrdersText()
  const { edition } = useSite()
  const href = useLocalePath()
  const [, navigate] = useLocation()
  const auth = trpc.auth.role.get.useQuery()
  const signedIn = !!auth.data?.auth?.client
  const make = trpc.clientArea.requests.makePersonalRequest.useMutation()
  const resolver = useLazyZodResolver<Values>(() => import('./request-form.schema').then((m) => m.requestFormSchema(!signedIn)), [signedIn])
  const form = useForm<Values>({
    resolver,
    defaultValues: { tutor_id: tutor.id, lesson_id: tutor.lessons[0]?.id ?? null, level_id: null, form_location: [], address: '', class_regularity: 2, class_duration: 60, first_class: '', description: '', name: '', phone: '', email: '' },
  })
  const errors = form.formState.errors
  const lessonId = Number(form.watch('lesson_id'))
  const levels = tutor.lessons.find((l) => l.id === lessonId)?.levels ?? []
  const places = form.watch('form_location') ?? []

  const submit = form.handleSubmit(
    () => {
      const v = form.getValues()
      const request = {
        ...v,
        tutor_id: tutor.id,
        lesson_id: v.lesson_id ? Number(v.lesson_id) : null,
        level_id: v.level_id ? Number(v.level_id) : null,
        first_class: v.first_class ? new Date(v.first_class).toISOString() : null,
        ...(signedIn ? { name: undefined, phone: undefined, email: undefined } : {}),
      }
      make.mutate(request as never, {
        onSuccess: (r) => {
          pushAnalytics(r.analytics)
          if (r.signed_in) navigate(href(`/zayavka/${r.order_id}/`))
          else onVisitorSent({ order_id: r.order_id, client_id: r.client_id, login: String(v.email ?? '') })
        },
        onError: (error) => reportFormError(error, form.setError, FIELDS),
      })
    },
    () => undefined,
  )
  const err = (m?: string) => (m ? <p className="text-sm text-red-700">{m}</p> : null)

  return (
    <Card>
      <h1 className="mb-1 text-2xl font-bold text-slate-900">{ot('orders.request.title', { name: tutor.name })}</h1>
      <p className="mb-6 text-slate-600">{ot('orders.request.lead')}</p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="request-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="req-lesson" label={ot('orders.subject')}>
            <select id="req-lesson" className={INPUT} {...form.register('lesson_id')}>
              {tutor.lessons.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="req-level" label={ot('orders.level')}>
            <select id="req-level" className={INPUT} {...form.register('level_id')} disabled={!levels.length}>
              <option value="">{ot('orders.choose')}</option>
              {levels.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-700">{ot('orders.place')}</legend>
          <div className="flex flex-wrap gap-4">
            {(['travel', 'home', 'online'] as const).map((p) => (
              <label key={p} className="flex items-center gap-2 text-slate-800">
                <input type="checkbox" value={p} className="size-4 accent-brand" {...form.register('form_location')} />
                {ot(`orders.place.${p}`)}
              </label>
            ))}
          </div>
          {err(errors.form_location?.message as string | undefined)}
        </fieldset>
        {places.includes('travel') && <TextField id="req-address" label={ot('orders.address')} error={errors.address?.message} {...form.register('address')} />}
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField id="req-regularity" type="number" min={0} max={14} label={ot('orders.regularity')} error={errors.class_regularity?.message} {...form.register('class_regularity')} />
          <TextField id="req-duration" type="number" min={0} max={600} step={15} label={ot('orders.duration')} error={errors.class_duration?.message} {...form.register('class_duration')} />
          <TextField id="req-first" type="datetime-local" label={ot('orders.first_class')} error={errors.first_class?.message} {...form.register('first_class')} />
        </div>
        <Field id="req-comment" label={ot('orders.comment')}>
          <textarea id="req-comment" rows={4} className={INPUT} {...form.register('description')} />
        </Field>
        {!signedIn && (
          <fieldset className="mt-2 flex flex-col gap-4 rounded-xl bg-slate-50 p-4">
            <legend className="float-left mb-0 text-base font-semibold text-slate-900">{ot('orders.request.contacts')}</legend>
            <TextField id="req-name" label={ot('orders.request.name')} autoComplete="name" error={errors.name?.message} {...form.register('name')} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField id="req-phone" type="tel" inputMode="tel" label={ot('orders.request.phone')} adornment={edition.phone.prefix} maxLength={(edition.phone.length ?? 15) + 4} autoComplete="tel-national" error={errors.phone?.message} {...form.register('phone')} />
              <TextField id="req-email" type="email" label={ot('orders.request.email')} autoComplete="email" error={errors.email?.message} {...form.register('email')} />
            </div>
          </fieldset>
        )}
        <Button type="submit" disabled={make.isPending || auth.isPending} className="mt-2 py-3 text-base">
          {ot('orders.request.submit')}
        </Button>
      </form>
    </Card>
  )
}

/** After a visitor's request: the code went to their e-mail; signing in with it opens the order. */
function CodeSignIn({ order_id, client_id, login }: { order_id: number; client_id: number; login: string }) {
  const ot = useOrdersText()
  const href = useLocalePath()
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  const [code, setCode] = useState('')
  const signIn = trpc.auth.client.loginByCode.useMutation({
    onSuccess: async (data) => {
      utils.auth.role.get.setData(undefined, data)
      await utils.auth.role.get.invalidate()
      navigate(href(`/zayavka/${order_id}/`))
    },
    onError: showError,
  })
  return (
    <Card data-testid="request-sent">
      <h1 className="mb-2 text-2xl font-bold text-slate-900">{ot('orders.request.sent_title')}</h1>
      <p className="mb-6 text-slate-700">{ot('orders.request.code_sent', { login })}</p>
      <form
        className="flex items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault()
          signIn.mutate({ client_id, auth_code: code.trim() })
        }}
      >
        <TextField id="req-code" className="flex-1" label={ot('orders.request.code')} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
        <Button type="submit" disabled={signIn.isPending || !code.trim()} className="py-2.5">
          {ot('orders.request.sign_in')}
        </Button>
      </form>
    </Card>
  )
}
