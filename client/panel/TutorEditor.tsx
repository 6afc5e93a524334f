// /panel/users_show/{id}: the staff view of one tutor and every staff action on it (docs/api.md
// docs/api.md#admin-tutors): publish, active, school, verified, toggles, favourite, copy, admin comment, password,
// wallet, transliteration, delete, anonymisation, the activity log, and signing in as the tutor.
import { type ReactNode, useState } from 'react'
import { Link, useLocation } from 'wouter'
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../server/routers/app'
import { menuFor } from '../../common/routes'
import { type PT, announceAndRefresh, usePT, usePanelShortDate } from './text'
import { showError, showSuccess } from '../ui/Banner'
import { Button } from '../ui/Button'
import { Card, PageTitle } from '../ui/Card'
import { ConfirmDialog } from '../ui/Dialog'
import { Loading } from '../ui/State'
import { DataTable, Pager } from '../ui/Table'
import { Form, FormTextArea, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { trpc } from '../lib/trpc'
import { rememberPanelPage } from '../shell/ImpersonationBanner'
import { TutorProfileForm } from './TutorProfileForm'
import { TutorBillingCard } from './TutorBillingCard'
import { TutorPublicCard } from './TutorPublicCard'
import { activitySentence, actorText } from './activity'
import { TutorFlags, money, statusText } from './TutorsPage'

type Tutor = inferRouterOutputs<AppRouter>['admin']['tutors']['profile']['get']
type Translit = inferRouterOutputs<AppRouter>['admin']['tutors']['profile']['transliterate']

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-3 border-b border-slate-100 py-1.5 text-sm last:border-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  )
}

/** After any change: the tutor, its log and the list are stale. */
function useRefresh(id: number) {
  const utils = trpc.useUtils()
  return async () => {
    await Promise.all([
      utils.admin.tutors.profile.get.invalidate({ id }),
      utils.admin.tutors.profile.preview.invalidate({ id }),
      utils.admin.tutors.logActivities.invalidate({ tutor_id: id }),
      utils.admin.tutors.list.invalidate(),
    ])
  }
}

/** Impersonation belongs to the 'admins' area (status 1 and 4); the server enforces it, the panel hides the button. */
export function canImpersonate(staffStatus: number): boolean {
  return menuFor(staffStatus).some((m) => m.page === 'admins_show')
}

/** Sign in as a user: asks first, remembers this panel page for the way back, then opens their cabinet. */
export function SignInAs({
  pt,
  name,
  start,
  target,
  testId,
}: {
  pt: PT
  name: string
  start: () => Promise<unknown>
  target: string
  testId: string
}) {
  return (
    <ConfirmDialog
      size="sm"
      trigger={
        <Button size="sm" variant="primary" data-testid={testId}>
          {pt('p.sign_in_as')}
        </Button>
      }
      title={pt('t.impersonate_q', { name })}
      description={pt('t.impersonate_text')}
      confirm={pt('p.sign_in_as')}
      cancel={pt('p.cancel')}
      variant="primary"
      onConfirm={async () => {
        rememberPanelPage()
        await start()
        // A full load: the cabinet is another bundle, and every cached query belonged to the staff session.
        window.location.assign(target)
      }}
    />
  )
}

export function TutorEditor({ id, staffStatus }: { id: number; staffStatus: number }) {
  const pt = usePT()
  const tutor = trpc.admin.tutors.profile.get.useQuery({ id })
  if (tutor.isError) return <p className="text-red-700">{pt('p.error')}</p>
  if (!tutor.data) return <Loading text={pt('panel.loading')} />
  return <Editor t={tutor.data} pt={pt} staffStatus={staffStatus} />
}

function Editor({ t, pt, staffStatus }: { t: Tutor; pt: PT; staffStatus: number }) {
  const shortDate = usePanelShortDate()
  const refresh = useRefresh(t.id)
  const [, navigate] = useLocation()
  const [editing, setEditing] = useState(false)
  const opts = (ok: string) => announceAndRefresh(ok, refresh)
  const m = trpc.admin.tutors
  const publish = m.publish.useMutation({
    onSuccess: async (_, v) => {
      showSuccess(pt(v.value === false ? 't.unpublished_ok' : 't.published_ok'))
      await refresh()
    },
    onError: showError,
  })
  const setActive = m.setActive.useMutation(opts(pt('p.done')))
  const setInactive = m.setInactive.useMutation(opts(pt('p.done')))
  const setSchool = m.setSchool.useMutation(opts(pt('p.done')))
  const setVerified = m.setVerified.useMutation(opts(pt('p.done')))
  const setToggle = m.setToggle.useMutation(opts(pt('p.saved')))
  const setFavorite = m.profile.setFavorite.useMutation(opts(pt('p.done')))
  const copy = m.profile.copy.useMutation({
    onSuccess: async (r) => {
      showSuccess(pt('t.copied', { id: r.id }))
      await refresh()
    },
    onError: showError,
  })
  const del = m.delete.useMutation(opts(pt('t.deleted_ok')))
  const anonymise = m.anonymizationDelete.useMutation(opts(pt('t.anonymised_ok')))
  const impersonate = trpc.admin.staff.authorize.tutor.useMutation({ onError: showError })
  const deleted = !!t.deleted_at
  const busy =
    publish.isPending ||
    setActive.isPending ||
    setInactive.isPending ||
    setSchool.isPending ||
    setVerified.isPending ||
    setFavorite.isPending
  const work = [
    t.work_home && pt('t.work_home'),
    t.work_travel && pt('t.work_travel'),
    t.work_online && pt('t.work_online'),
  ]
    .filter(Boolean)
    .join(', ')

  return (
    <div data-testid="tutor-editor">
      <p className="mb-2 text-sm">
        <Link href="/panel/users_show" className="text-sky-800 hover:underline">
          ← {pt('p.back')}
        </Link>
      </p>
      <PageTitle
        aside={
          <>
            {t.published && !deleted ? (
              <a
                href={`/user-${t.id}/`}
                target="_blank"
                rel="noreferrer"
                className="text-sm text-sky-800 hover:underline"
              >
                {pt('t.public_profile')}
              </a>
            ) : null}
            {!deleted && !t.anonymized && !editing && (
              <Button size="sm" variant="primary" data-testid="tutor-edit-profile" onClick={() => setEditing(true)}>
                {pt('t.edit_profile')}
              </Button>
            )}
            {canImpersonate(staffStatus) && !deleted && (
              <SignInAs
                pt={pt}
                name={t.name}
                testId="tutor-sign-in-as"
                target="/profile/"
                start={() => impersonate.mutateAsync({ id: t.id })}
              />
            )}
          </>
        }
      >
        <span className="text-slate-500">{pt('t.editor_title', { id: t.id })}</span> {t.name}
      </PageTitle>
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <span data-testid="tutor-status" className="font-medium">
          {statusText(pt, t.status)}
        </span>
        <TutorFlags t={t} pt={pt} />
      </div>

      {editing && <TutorProfileForm t={t} pt={pt} refresh={refresh} onClose={() => setEditing(false)} />}

      <div className="grid gap-4 xl:grid-cols-2">
        <Card title={pt('t.profile')}>
          <dl>
            <Row label={pt('p.email')}>
              {t.email ?? '—'}{' '}
              {t.email && (
                <span className="text-xs text-slate-500">
                  ({pt(t.email_confirmed ? 't.confirmed' : 't.unconfirmed')})
                </span>
              )}
            </Row>
            <Row label={pt('p.phone')}>
              {t.phone ?? '—'}{' '}
              {t.phone && (
                <span className="text-xs text-slate-500">
                  ({pt(t.phone_confirmed ? 't.confirmed' : 't.unconfirmed')})
                </span>
              )}
            </Row>
            <Row label={pt('t.first_name')}>{t.first_name || '—'}</Row>
            <Row label={pt('t.short_description')}>{t.short_description || '—'}</Row>
            <Row label={pt('t.description')}>
              <span className="line-clamp-4 whitespace-pre-line">{t.description || '—'}</span>
            </Row>
            <Row label={pt('t.university')}>
              {[t.university_name, t.university_graduation_year].filter(Boolean).join(', ') || '—'}
            </Row>
            <Row label={pt('t.age')}>{t.age ?? '—'}</Row>
            <Row label={pt('t.work')}>{work || '—'}</Row>
            <Row label={pt('t.reviews')}>
              {t.review_count} · {Number(t.review_avg).toFixed(1)}
            </Row>
            <Row label={pt('t.registered')}>{shortDate(t.created_at)}</Row>
          </dl>
        </Card>

        <div className="flex flex-col gap-4">
          <TutorPublicCard id={t.id} pt={pt} />
          <Card title={pt('t.moderation')} testId="tutor-moderation">
            <div className="flex flex-wrap gap-2">
              {t.published ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy || deleted}
                  onClick={() => publish.mutate({ tutor_id: t.id, value: false })}
                >
                  {pt('t.unpublish')}
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="primary"
                  disabled={busy || deleted}
                  onClick={() => publish.mutate({ tutor_id: t.id })}
                >
                  {pt('t.publish')}
                </Button>
              )}
              {t.active ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy || deleted}
                  onClick={() => setInactive.mutate({ tutor_id: t.id })}
                >
                  {pt('t.set_inactive')}
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy || deleted}
                  onClick={() => setActive.mutate({ tutor_id: t.id })}
                >
                  {pt('t.set_active')}
                </Button>
              )}
              <Button
                size="sm"
                variant="secondary"
                disabled={busy || deleted}
                onClick={() => setSchool.mutate({ tutor_id: t.id, value: !t.school })}
              >
                {pt(t.school ? 't.unset_school' : 't.set_school')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={busy || deleted}
                onClick={() => setVerified.mutate({ tutor_id: t.id, verified: !t.verified })}
              >
                {pt(t.verified ? 't.unset_verified' : 't.set_verified')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={busy || deleted}
                onClick={() => setFavorite.mutate({ tutor_id: t.id, add_favorite: !t.favorite })}
              >
                {pt(t.favorite ? 't.remove_favorite' : 't.add_favorite')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={copy.isPending || !!t.anonymized}
                onClick={() => copy.mutate({ id: t.id }, { onSuccess: (r) => navigate(`/panel/users_show/${r.id}`) })}
              >
                {pt('t.copy')}
              </Button>
            </div>
          </Card>

          <ReviewCard t={t} pt={pt} refresh={refresh} />

          <Card title={pt('t.toggles')}>
            <ul className="flex flex-col gap-2">
              {t.toggles.map((tg) => (
                <li key={tg.name}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-slate-900"
                      checked={!!tg.value}
                      disabled={deleted || setToggle.isPending}
                      onChange={(e) => setToggle.mutate({ tutor_id: t.id, toggle: tg.name, value: e.target.checked })}
                    />
                    {pt(`t.toggle.${tg.name}`)}
                  </label>
                </li>
              ))}
            </ul>
          </Card>

          <WalletCard t={t} pt={pt} refresh={refresh} />
        </div>

        {/* A comment saved elsewhere (or by this form) starts the form again from the stored text. */}
        <TutorBillingCard tutorId={t.id} pt={pt} disabled={!!t.anonymized} />
        <CommentCard key={t.admin_comment ?? ''} t={t} pt={pt} refresh={refresh} />
        <PasswordCard t={t} pt={pt} refresh={refresh} />
        <TranslitCard t={t} pt={pt} />

        <Card title={pt('t.danger')} tone="danger">
          <div className="flex flex-wrap gap-2">
            <ConfirmDialog
              size="sm"
              trigger={
                <Button size="sm" variant="danger" disabled={deleted} data-testid="tutor-delete">
                  {pt('t.delete')}
                </Button>
              }
              title={pt('t.delete_q', { id: t.id })}
              description={pt('t.delete_text')}
              confirm={pt('t.delete')}
              cancel={pt('p.cancel')}
              onConfirm={() => del.mutateAsync({ tutor_id: t.id })}
            />
            <ConfirmDialog
              size="sm"
              trigger={
                <Button size="sm" variant="danger" disabled={!!t.anonymized} data-testid="tutor-anonymise">
                  {pt('t.anonymise')}
                </Button>
              }
              title={pt('t.anonymise_q', { id: t.id })}
              description={pt('t.anonymise_text')}
              confirm={pt('t.anonymise')}
              cancel={pt('p.cancel')}
              onConfirm={() => anonymise.mutateAsync({ tutor_id: t.id })}
            />
          </div>
        </Card>
      </div>

      <ActivityLog id={t.id} pt={pt} />
    </div>
  )
}

// The side forms' schemas, loaded when the editor opens (zod stays out of the panel's first load).
const schemas = () => import('../../common/schemas/admin/tutors.schema')

/** The moderator's review: what changed since the last approval, a send-back's reason, and sending back. */
function ReviewCard({ t, pt, refresh }: { t: Tutor; pt: PT; refresh: () => Promise<void> }) {
  const shortDate = usePanelShortDate()
  const send = trpc.admin.tutors.sendBack.useMutation()
  const m = t.moderation
  const { form, submit, pending } = useActionForm(() => schemas().then((s) => s.ZTutorSendBack), {
    defaults: { tutor_id: t.id, reason: '' },
    action: (v) => send.mutateAsync(v),
    success: pt('t.sent_back_ok'),
    onDone: async () => {
      form.reset({ tutor_id: t.id, reason: '' })
      await refresh()
    },
  })
  const field = (name: string) => {
    const key = `t.field.${name}`
    const text = pt(key as Parameters<PT>[0])
    return text === key ? name : text
  }
  return (
    <Card title={pt('t.review')} testId="tutor-review">
      <div className="flex flex-col gap-3 text-sm">
        <p data-testid="tutor-review-changes">
          {m.approved_at
            ? m.changed.length
              ? pt('t.changed_since', {
                  date: shortDate(m.approved_at),
                  fields: m.changed.map(field).join(', '),
                })
              : pt('t.unchanged_since', { date: shortDate(m.approved_at) })
            : pt('t.never_approved')}
        </p>
        {m.sent_back_reason && (
          <p data-testid="tutor-review-reason" className="rounded bg-amber-50 px-2 py-1 text-amber-900">
            {pt('t.sent_back_reason', { reason: m.sent_back_reason })}
          </p>
        )}
        <Form form={form} onSubmit={submit} className="flex flex-col gap-2">
          <FormTextArea
            size="sm"
            name="reason"
            id="send-back-reason"
            label={pt('t.send_back_reason')}
            rows={3}
            maxLength={1000}
          />
          <Button
            size="sm"
            type="submit"
            variant="secondary"
            className="self-start"
            disabled={pending || !!t.deleted_at}
          >
            {pt('t.send_back')}
          </Button>
        </Form>
      </div>
    </Card>
  )
}

function CommentCard({ t, pt, refresh }: { t: Tutor; pt: PT; refresh: () => Promise<void> }) {
  const save = trpc.admin.tutors.saveAdminComment.useMutation()
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZAdminComment), {
    defaults: { tutor_id: t.id, admin_comment: t.admin_comment ?? '' },
    action: (v) => save.mutateAsync(v),
    success: pt('p.saved'),
    onDone: refresh,
  })
  return (
    <Card title={pt('t.comment')}>
      <Form form={form} onSubmit={submit} className="flex flex-col gap-2">
        <FormTextArea
          size="sm"
          name="admin_comment"
          id="admin-comment"
          label={pt('t.comment')}
          hideLabel
          rows={4}
          maxLength={5000}
        />
        <Button size="sm" type="submit" variant="primary" className="self-start" disabled={pending || !!t.anonymized}>
          {pt('p.save')}
        </Button>
      </Form>
    </Card>
  )
}

function PasswordCard({ t, pt, refresh }: { t: Tutor; pt: PT; refresh: () => Promise<void> }) {
  const set = trpc.admin.tutors.profile.passwordSet.useMutation()
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZTutorPassword), {
    defaults: { tutor_id: t.id, password: '' },
    action: (v) => set.mutateAsync(v),
    success: pt('p.password_set'),
    onDone: async () => {
      form.reset()
      await refresh()
    },
  })
  return (
    <Card title={pt('p.set_password')}>
      <Form form={form} onSubmit={submit} className="flex items-start gap-2">
        <FormTextField
          size="sm"
          name="password"
          id="tutor-password"
          type="text"
          autoComplete="off"
          label={pt('p.new_password')}
          className="flex-1"
        />
        <Button size="sm" type="submit" variant="primary" className="mt-5" disabled={pending || !!t.deleted_at}>
          {pt('p.set_password')}
        </Button>
      </Form>
    </Card>
  )
}

function WalletCard({ t, pt, refresh }: { t: Tutor; pt: PT; refresh: () => Promise<void> }) {
  const add = trpc.admin.tutors.addMoney.useMutation()
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZAddMoney), {
    defaults: { tutor_id: t.id, sum: '', comment: '' },
    action: (v) => add.mutateAsync(v),
    onDone: async (r) => {
      // The banner names the new balance, which only the answer knows.
      showSuccess(pt('t.money_added', { balance: money(r) }))
      form.reset()
      await refresh()
    },
  })
  return (
    <Card title={pt('t.wallet')} testId="tutor-wallet">
      <p className="mb-3 text-sm text-slate-600">
        {pt('t.balance')}:{' '}
        <strong data-testid="tutor-balance" className="text-lg text-slate-900 tabular-nums">
          {money(t.wallet)}
        </strong>
      </p>
      <Form form={form} onSubmit={submit} className="grid grid-cols-[8rem_1fr_auto] items-start gap-2">
        <FormTextField
          size="sm"
          name="sum"
          id="wallet-sum"
          inputMode="decimal"
          label={pt('t.sum')}
          hint={pt('t.sum_hint')}
        />
        <FormTextField size="sm" name="comment" id="wallet-comment" label={pt('t.wallet_comment')} maxLength={500} />
        <Button size="sm" type="submit" variant="primary" className="mt-5" disabled={pending || !!t.deleted_at}>
          {pt('t.add_money')}
        </Button>
      </Form>
    </Card>
  )
}

function TranslitCard({ t, pt }: { t: Tutor; pt: PT }) {
  const utils = trpc.useUtils()
  const [result, setResult] = useState<Translit | null>(null)
  const [busy, setBusy] = useState(false)
  const fields = ['name', 'first_name', 'short_description', 'university_name', 'description'] as const
  const label: Record<(typeof fields)[number], string> = {
    name: pt('p.name'),
    first_name: pt('t.first_name'),
    short_description: pt('t.short_description'),
    university_name: pt('t.university'),
    description: pt('t.description'),
  }
  return (
    <Card title={pt('t.transliterate')}>
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        onClick={async () => {
          setBusy(true)
          try {
            setResult(await utils.admin.tutors.profile.transliterate.fetch({ id: t.id }))
          } catch (e) {
            showError(e)
          } finally {
            setBusy(false)
          }
        }}
      >
        {pt('t.transliterate_run')}
      </Button>
      {result && (
        <dl data-testid="tutor-translit" className="mt-3">
          {fields.map((f) => (
            <Row key={f} label={label[f]}>
              <span className="line-clamp-3">{result[f] || '—'}</span>
            </Row>
          ))}
        </dl>
      )}
    </Card>
  )
}

function ActivityLog({ id, pt }: { id: number; pt: PT }) {
  const shortDate = usePanelShortDate()
  const [page, setPage] = useState(1)
  const log = trpc.admin.tutors.logActivities.useQuery({ tutor_id: id, page }, { placeholderData: (prev) => prev })
  type Entry = NonNullable<typeof log.data>['items'][number]
  return (
    <section className="mt-6" aria-labelledby="tutor-log">
      <h2 id="tutor-log" className="mb-2 text-lg font-semibold text-slate-900">
        {pt('t.log')}
      </h2>
      {!log.data ? (
        <Loading text={pt('panel.loading')} />
      ) : (
        <>
          <DataTable<Entry>
            label={pt('t.log')}
            rows={log.data.items}
            rowKey={(r) => r.id}
            empty={pt('p.empty')}
            columns={[
              {
                key: 'when',
                header: pt('t.log_when'),
                cell: (r) => shortDate(r.created_at),
                className: 'whitespace-nowrap w-40',
              },
              {
                key: 'who',
                header: pt('t.log_who'),
                cell: (r) => (
                  <>
                    {actorText(r.actor, pt)}
                    {r.on_behalf_of && (
                      <span className="block text-xs text-slate-500">
                        {pt('t.log_on_behalf', { name: r.on_behalf_of.name ?? '' })}
                      </span>
                    )}
                  </>
                ),
              },
              {
                key: 'action',
                header: pt('t.log_action'),
                cell: (r) => (
                  <span className="block max-w-xl break-words">{activitySentence(r.action, r.data, pt)}</span>
                ),
              },
            ]}
          />
          <Pager page={page} total={log.data.total} onPage={setPage} t={pt} />
        </>
      )}
    </section>
  )
}
