// The order form from a tutor's profile (/request/tutor/{id}/, minimal shell): make_personal_request
// with subject, level, place, address, regularity, duration, first lesson and a comment; a visitor
// who is not signed in also gives name, phone (the edition's rule) and e-mail. A signed-in client
// then goes to the order's page; a visitor is told a code was sent and may sign in with it here.
import { pushAnalytics } from '../lib/analytics'
import { captchaToken } from '../lib/captcha'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { useOrdersText } from './text'
import { StatusBanner } from '../ui/Banner'
import { CheckGroup, Checkbox, errorAt } from '../ui/Field'
import { Form, FormSelect, FormTextArea, FormTextField, Submit } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { Card } from '../ui/Card'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { fromLocalInput } from '../lib/dates'
import { trpc } from '../lib/trpc'

export function requestTutorId(path: string): number | null {
  const m = path.match(/^\/request\/(?:tutor|personal)\/(\d{1,9})\/?$/)
  return m ? Number(m[1]) : null
}

export default function RequestPage({ path }: { path: string }) {
  const ot = useOrdersText()
  const tutorId = requestTutorId(path)
  const tutor = trpc.public.catalogue.tutor.useQuery({ id: tutorId ?? 0 }, { enabled: tutorId !== null, retry: false })
  const [sent, setSent] = useState<Sent | null>(null)
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

/** A visitor's request as the server answered it: where the code went (masked) and whether the e-mail was an account's. */
interface Sent {
  order_id: number
  client_id: number
  login: string
  account_exists: boolean
}

interface TutorLite {
  id: number
  name: string
  lessons: { id: number; name: string; levels: { id: number; name: string }[] }[]
}

function RequestForm({ tutor, onVisitorSent }: { tutor: TutorLite; onVisitorSent: (s: Sent) => void }) {
  const ot = useOrdersText()
  const { edition } = useSite()
  const href = useLocalePath()
  const [, navigate] = useLocation()
  const auth = trpc.auth.role.get.useQuery()
  const signedIn = !!auth.data?.auth?.client
  const make = trpc.clientArea.requests.makePersonalRequest.useMutation()
  // A tutor who lists no subject can still be asked (the server takes a request without one).
  const hasLessons = tutor.lessons.length > 0
  const defaults = {
    lesson_id: String(tutor.lessons[0]?.id ?? ''),
    level_id: '',
    form_location: [],
    address: '',
    class_regularity: '2',
    class_duration: '60',
    first_class: '',
    description: '',
    name: '',
    phone: '',
    email: '',
  }
  const { form, submit, pending } = useActionForm(
    () => import('./request-form.schema').then((m) => m.requestFormSchema({ visitor: !signedIn, lesson: hasLessons })),
    {
      deps: [signedIn, hasLessons],
      defaults,
      action: async (v) =>
        make.mutateAsync({
          ...v,
          captcha_token: await captchaToken('request'),
          tutor_id: tutor.id,
          lesson_id: v.lesson_id ? Number(v.lesson_id) : null,
          level_id: v.level_id ? Number(v.level_id) : null,
          first_class: v.first_class ? fromLocalInput(v.first_class, edition.timeZone) : null,
          ...(signedIn ? { name: undefined, phone: undefined, email: undefined } : {}),
        }),
      onDone: (r, v) => {
        pushAnalytics(r.analytics)
        if (r.signed_in) navigate(href(`/zayavka/${r.order_id}/`))
        else
          onVisitorSent({
            order_id: r.order_id,
            client_id: r.client_id,
            login: r.code_sent_to ?? String(v.email ?? ''),
            account_exists: r.account_exists,
          })
      },
    },
  )
  const lessonId = Number(form.watch('lesson_id'))
  const levels = tutor.lessons.find((l) => l.id === lessonId)?.levels ?? []
  const places = form.watch('form_location') ?? []

  return (
    <Card>
      <h1 className="mb-1 text-2xl font-bold text-slate-900">{ot('orders.request.title', { name: tutor.name })}</h1>
      <p className="mb-6 text-slate-600">{ot('orders.request.lead')}</p>
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4" data-testid="request-form">
        {hasLessons && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormSelect
              name="lesson_id"
              id="req-lesson"
              label={ot('orders.subject')}
              options={tutor.lessons.map((l) => ({ value: l.id, text: l.name }))}
            />
            <FormSelect
              name="level_id"
              id="req-level"
              label={ot('orders.level')}
              disabled={!levels.length}
              options={[
                { value: '', text: ot('orders.choose') },
                ...levels.map((l) => ({ value: l.id, text: l.name })),
              ]}
            />
          </div>
        )}
        <CheckGroup
          legend={ot('orders.place')}
          errorId="req-place-error"
          error={errorAt(form.formState.errors, 'form_location')}
        >
          {(['travel', 'home', 'online'] as const).map((p) => (
            <Checkbox key={p} value={p} label={ot(`orders.place.${p}`)} {...form.register('form_location')} />
          ))}
        </CheckGroup>
        {places.includes('travel') && <FormTextField name="address" id="req-address" label={ot('orders.address')} />}
        <div className="grid gap-4 sm:grid-cols-3">
          <FormTextField
            name="class_regularity"
            id="req-regularity"
            type="number"
            min={0}
            max={14}
            label={ot('orders.regularity')}
          />
          <FormTextField
            name="class_duration"
            id="req-duration"
            type="number"
            min={0}
            max={600}
            step={15}
            label={ot('orders.duration')}
          />
          <FormTextField name="first_class" id="req-first" type="datetime-local" label={ot('orders.first_class')} />
        </div>
        <FormTextArea name="description" id="req-comment" rows={4} label={ot('orders.comment')} />
        {!signedIn && (
          <fieldset className="mt-2 flex flex-col gap-4 rounded-xl bg-slate-50 p-4">
            <legend className="float-left mb-0 text-base font-semibold text-slate-900">
              {ot('orders.request.contacts')}
            </legend>
            <FormTextField name="name" id="req-name" label={ot('orders.request.name')} autoComplete="name" />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormTextField
                name="phone"
                id="req-phone"
                type="tel"
                inputMode="tel"
                label={ot('orders.request.phone')}
                adornment={edition.phone.prefix}
                maxLength={(edition.phone.length ?? 15) + 4}
                autoComplete="tel-national"
              />
              <FormTextField
                name="email"
                id="req-email"
                type="email"
                label={ot('orders.request.email')}
                autoComplete="email"
              />
            </div>
          </fieldset>
        )}
        {!signedIn && <TermsNotice />}
        <Submit pending={pending} disabled={auth.isPending} className="mt-2 py-3 text-base">
          {ot('orders.request.submit')}
        </Submit>
      </Form>
    </Card>
  )
}

/**
 * A visitor's request makes their client account: the offer for clients and the privacy policy are linked
 * beside the button, and sending is accepting them (recorded with the pages' versions; docs/decisions.md#client-terms).
 */
function TermsNotice() {
  const ot = useOrdersText()
  const href = useLocalePath()
  const [before, rest = ''] = ot('orders.request.terms').split('{offer}')
  const [between, after = ''] = rest.split('{privacy}')
  const link = 'text-blue-700 underline underline-offset-2 hover:text-blue-900'
  return (
    <p className="text-sm text-slate-600" data-testid="request-terms">
      {before}
      <a href={href('/p/ofertaclient')} target="_blank" rel="noreferrer" className={link}>
        {ot('orders.request.terms_offer')}
      </a>
      {between}
      <a href={href('/p/pp/')} target="_blank" rel="noreferrer" className={link}>
        {ot('orders.request.terms_privacy')}
      </a>
      {after}
    </p>
  )
}

/** After a visitor's request: the code went to their e-mail; signing in with it opens the order (login_by_code's own schema). */
function CodeSignIn({ order_id, client_id, login, account_exists }: Sent) {
  const ot = useOrdersText()
  const href = useLocalePath()
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  const signIn = trpc.auth.client.loginByCode.useMutation()
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/auth/sign-in.schema').then((m) => m.ZLoginByCode.pick({ auth_code: true })),
    {
      defaults: { auth_code: '' },
      action: (v) => signIn.mutateAsync({ client_id, auth_code: v.auth_code.trim() }),
      onDone: async (data) => {
        utils.auth.role.get.setData(undefined, data)
        await utils.auth.role.get.invalidate()
        navigate(href(`/zayavka/${order_id}/`))
      },
    },
  )
  return (
    <Card data-testid="request-sent">
      <h1 className="mb-2 text-2xl font-bold text-slate-900">{ot('orders.request.sent_title')}</h1>
      <p className="mb-2 text-slate-700" data-testid="request-code-sent">
        {ot('orders.request.code_sent', { login })}
      </p>
      {account_exists && (
        <p className="mb-2 text-slate-700" data-testid="request-account-exists">
          {ot('orders.request.account_exists')}
        </p>
      )}
      <div className="mb-4" />
      <Form form={form} onSubmit={submit} className="flex items-start gap-3">
        <FormTextField
          name="auth_code"
          id="req-code"
          className="flex-1"
          label={ot('orders.request.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
        />
        <Submit pending={pending} className="mt-6 py-2.5">
          {ot('orders.request.sign_in')}
        </Submit>
      </Form>
    </Card>
  )
}
