// /panel/emails_show and /panel/sms_show (docs/api.md#admin-e-mail-and-sms-templates "Emails", "SMS"):
// the templates per event and language with filters, an editor dialog (the event's {variables} as chips
// that insert themselves into the text, a preview with sample values, the server's own schema checking
// an unknown variable), "send test" (to the signed-in staff member, through the template's profile),
// and the e-mail profiles (sender, SMTP server; the SMTP URL write-only, shown masked).
import { Fragment, useState } from 'react'
import { LOCALES, type Locale } from '../../common/editions'
import {
  MAIL_EVENT_NAMES,
  type MailEvent,
  SAMPLE_VALUES,
  SMS_EVENT_NAMES,
  type SmsEvent,
  mailVariables,
  renderTemplate,
  smsVariables,
} from '../../common/message-templates'
import type { EmailProfile, EmailTemplate, SmsTemplate } from '../../common/schemas/admin/messages.schema'
import { EditorActions } from './EditorActions'
import { PanelList, RowActions, actionsColumn, useEditing, useUrlFilters } from './PanelList'
import { type PT, announceAndRefresh, usePT } from './text'
import { Badge } from '../ui/Badge'
import { Button } from '../ui/Button'
import { Select } from '../ui/Field'
import { showError, showSuccess } from '../ui/Banner'
import { Form, FormSelect, FormTextArea, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import type { Column } from '../ui/Table'
import { trpc } from '../lib/trpc'
import { useSite } from '../lib/site'

const NO_FILTERS = { event: '', locale: '' }
const localeOptions = (pt: PT) => LOCALES.map((l) => ({ value: l, text: pt(`tpl.locale.${l}`) }))
const mailText = (pt: PT, event: MailEvent) => pt(`tpl.mail.${event}`)
const smsText = (pt: PT, event: SmsEvent) => pt(`tpl.sms.${event}`)

/** The event's variables as buttons: a click puts `{name}` at the text's cursor. */
function VariableChips({
  pt,
  names,
  onInsert,
}: {
  pt: PT
  names: readonly string[]
  onInsert: (token: string) => void
}) {
  return (
    <div>
      <p className="mb-1 text-sm font-medium text-slate-700" id="tpl-vars-label">
        {pt('tpl.variables')}
      </p>
      <ul className="flex flex-wrap gap-1.5" aria-labelledby="tpl-vars-label" data-testid="tpl-variables">
        {names.map((n) => (
          <li key={n}>
            <button
              type="button"
              onClick={() => onInsert(`{${n}}`)}
              className="rounded-full bg-slate-100 px-2.5 py-1 font-mono text-xs text-slate-800 ring-1 ring-slate-300 hover:bg-brand/10 focus-visible:outline-2 focus-visible:outline-brand"
              title={pt('tpl.insert', { name: `{${n}}` })}
            >
              {`{${n}}`}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The text as it will read, with sample values (and the site's own name). */
function Preview({ pt, subject, body }: { pt: PT; subject?: string; body: string }) {
  const { edition } = useSite()
  const values = {
    ...SAMPLE_VALUES,
    site: edition.siteName,
    site_url: typeof location === 'undefined' ? SAMPLE_VALUES.site_url! : location.origin,
  }
  return (
    <section
      aria-label={pt('tpl.preview')}
      className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
      data-testid="tpl-preview"
    >
      <h3 className="mb-2 text-sm font-semibold text-slate-700">{pt('tpl.preview')}</h3>
      {subject !== undefined && (
        <p className="mb-2 font-semibold break-words text-slate-900">{renderTemplate(subject, values) || '—'}</p>
      )}
      <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{renderTemplate(body, values) || '—'}</p>
    </section>
  )
}

const textarea = (id: string) => document.getElementById(id) as HTMLTextAreaElement | null

/** Inserts `token` at the textarea's cursor (or at the end). */
function insertAt(el: HTMLTextAreaElement | null, value: string, token: string): string {
  if (!el) return value + token
  const start = el.selectionStart ?? value.length
  const end = el.selectionEnd ?? value.length
  return value.slice(0, start) + token + value.slice(end)
}

// ——— e-mail templates ———

function EmailForm({
  row,
  pt,
  profiles,
  onDone,
}: {
  row: EmailTemplate | null
  pt: PT
  profiles: EmailProfile[]
  onDone: () => void
}) {
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const c = utils.client.admin.emails
  const email = {
    event: row?.event ?? MAIL_EVENT_NAMES[0],
    locale: row?.locale ?? edition.defaultLocale,
    subject: row?.subject ?? '',
    body: row?.body ?? '',
    profile_id: row?.profile_id ? String(row.profile_id) : '',
  }
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/admin/messages.schema').then((m) => m.ZEmailTemplateCreate),
    {
      defaults: { email },
      action: (v) => {
        const e = { ...v.email, profile_id: v.email.profile_id ? Number(v.email.profile_id) : null }
        return row ? c.save.mutate({ id: row.id, email: e }) : c.create.mutate({ email: e })
      },
      success: row ? pt('p.saved') : pt('tpl.created'),
      onDone: async () => {
        await utils.admin.emails.list.invalidate()
        onDone()
      },
    },
  )
  const v = form.watch('email')
  return (
    <Form form={form} onSubmit={submit} className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormSelect
          size="sm"
          name="email.event"
          id="tpl-event"
          label={pt('tpl.event')}
          options={MAIL_EVENT_NAMES.map((e) => ({ value: e, text: mailText(pt, e) }))}
        />
        <FormSelect
          size="sm"
          name="email.locale"
          id="tpl-locale"
          label={pt('tpl.locale')}
          options={localeOptions(pt)}
        />
      </div>
      <FormSelect
        size="sm"
        name="email.profile_id"
        id="tpl-profile"
        label={pt('tpl.profile')}
        options={[
          { value: '', text: pt('tpl.profile_default') },
          ...profiles.map((p) => ({ value: String(p.id), text: `${p.name} — ${p.from_email}` })),
        ]}
      />
      <FormTextField size="sm" name="email.subject" id="tpl-subject" label={pt('tpl.subject')} />
      <FormTextArea size="sm" name="email.body" id="tpl-body" label={pt('tpl.body')} rows={6} />
      <VariableChips
        pt={pt}
        names={mailVariables(v.event ?? MAIL_EVENT_NAMES[0])}
        onInsert={(tok) =>
          form.setValue('email.body', insertAt(textarea('tpl-body'), form.getValues('email.body'), tok), {
            shouldDirty: true,
          })
        }
      />
      <Preview pt={pt} subject={v.subject ?? ''} body={v.body ?? ''} />
      <EditorActions pt={pt} pending={pending} onCancel={onDone} saveTestId="tpl-save" />
    </Form>
  )
}

function SendTestButton({ pt, id }: { pt: PT; id: number }) {
  const send = trpc.admin.emails.sendTest.useMutation({
    onSuccess: (r) => showSuccess(pt('tpl.test_sent', { to: r.to })),
    onError: (e) => showError(e),
  })
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={send.isPending}
      onClick={() => send.mutate({ id })}
      data-testid={`tpl-send-test-${id}`}
    >
      {pt('tpl.send_test')}
    </Button>
  )
}

function ProfilesSection({
  pt,
  profiles,
  page,
  onPage,
}: {
  pt: PT
  page: number
  onPage: (p: number) => void
  profiles: { data?: { items: EmailProfile[]; total: number }; isError: boolean; isFetching: boolean }
}) {
  const utils = trpc.useUtils()
  const [editing, setEditing] = useEditing<EmailProfile>()
  const del = trpc.admin.emails.deleteProfile.useMutation(
    announceAndRefresh(pt('tpl.profile_deleted'), () =>
      Promise.all([utils.admin.emails.profiles.invalidate(), utils.admin.emails.list.invalidate()]),
    ),
  )
  const columns: Column<EmailProfile>[] = [
    { key: 'name', header: pt('tpl.profile_name'), cell: (r) => <span className="font-medium">{r.name}</span> },
    {
      key: 'from',
      header: pt('tpl.sender'),
      cell: (r) => <span className="break-all">{`${r.from_name} <${r.from_email}>`}</span>,
    },
    {
      key: 'smtp',
      header: pt('tpl.smtp'),
      cell: (r) =>
        r.smtp_url_masked ? (
          <code className="text-xs break-all">{r.smtp_url_masked}</code>
        ) : (
          <Badge tone="grey">{pt('tpl.smtp_site')}</Badge>
        ),
    },
    actionsColumn(pt, (r) => (
      <RowActions
        pt={pt}
        testId={`profile-actions-${r.id}`}
        onEdit={() => setEditing(r)}
        remove={{
          title: pt('tpl.profile_delete_q', { name: r.name }),
          description: pt('tpl.profile_delete_text'),
          onConfirm: () => del.mutateAsync({ id: r.id }),
        }}
      />
    )),
  ]
  // A second pager on the page: its landmark gets its own name.
  const listPt = ((key, params) => (key === 'p.pages' ? pt('tpl.profile_pages') : pt(key, params))) as PT
  return (
    <div className="mt-8">
      <PanelList
        pt={listPt}
        section
        title={pt('tpl.profiles')}
        create={{ label: pt('tpl.profile_create'), onClick: () => setEditing('new'), testId: 'profile-create' }}
        editor={
          editing && {
            dialog: true,
            title: editing === 'new' ? pt('tpl.profile_create') : pt('tpl.profile_edit', { name: editing.name }),
            testId: 'profile-form',
            onClose: () => setEditing(null),
            content: (
              <ProfileForm
                key={editing === 'new' ? 'new' : editing.id}
                row={editing === 'new' ? null : editing}
                pt={pt}
                onDone={() => setEditing(null)}
              />
            ),
          }
        }
        list={profiles}
        columns={columns}
        rowKey={(r) => r.id}
        page={page}
        onPage={onPage}
        empty={pt('tpl.profiles_empty')}
      />
    </div>
  )
}

function ProfileForm({ row, pt, onDone }: { row: EmailProfile | null; pt: PT; onDone: () => void }) {
  const utils = trpc.useUtils()
  const c = utils.client.admin.emails
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/admin/messages.schema').then((m) => m.ZEmailProfileCreate),
    {
      defaults: {
        profile: {
          name: row?.name ?? '',
          from_name: row?.from_name ?? '',
          from_email: row?.from_email ?? '',
          smtp_url: '',
        },
      },
      action: (v) =>
        row ? c.saveProfile.mutate({ id: row.id, profile: v.profile }) : c.createProfile.mutate({ profile: v.profile }),
      success: row ? pt('p.saved') : pt('tpl.profile_created'),
      onDone: async () => {
        await Promise.all([utils.admin.emails.profiles.invalidate(), utils.admin.emails.list.invalidate()])
        onDone()
      },
    },
  )
  return (
    <Form form={form} onSubmit={submit} className="grid gap-3">
      <FormTextField size="sm" name="profile.name" id="profile-name" label={pt('tpl.profile_name')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormTextField size="sm" name="profile.from_name" id="profile-from-name" label={pt('tpl.from_name')} />
        <FormTextField
          size="sm"
          name="profile.from_email"
          id="profile-from-email"
          type="email"
          label={pt('tpl.from_email')}
        />
      </div>
      <FormTextField
        size="sm"
        name="profile.smtp_url"
        id="profile-smtp"
        type="password"
        autoComplete="new-password"
        label={pt('tpl.smtp')}
        hint={
          row?.smtp_url_masked
            ? `${pt('tpl.smtp_stored', { url: row.smtp_url_masked })} ${pt('tpl.smtp_keep')}`
            : pt('tpl.smtp_hint')
        }
      />
      <EditorActions pt={pt} pending={pending} onCancel={onDone} saveTestId="profile-save" />
    </Form>
  )
}

/** What the e-mail and SMS template pages share: filters by event and language, the list, the editor dialog. */
function TemplateList<Row extends { id: number; event: Event; locale: Locale }, Event extends string>({
  pt,
  title,
  prefix,
  events,
  eventText,
  filters: f,
  list,
  columns,
  onDelete,
  actions,
  editing,
  setEditing,
  form,
}: {
  pt: PT
  title: string
  /** Test ids and field ids: `tpl` (e-mail) or `sms`. */
  prefix: 'tpl' | 'sms'
  events: readonly Event[]
  eventText: (event: Event) => string
  filters: ReturnType<typeof useUrlFilters<typeof NO_FILTERS>>
  list: Parameters<typeof PanelList<Row>>[0]['list']
  /** The columns between the event/language and the actions. */
  columns: Column<Row>[]
  onDelete: (row: Row) => Promise<unknown>
  actions?: (row: Row) => React.ReactNode
  editing: Row | 'new' | null
  setEditing: (row: Row | 'new' | null) => void
  form: (row: Row | null, onDone: () => void) => React.ReactNode
}) {
  const all: Column<Row>[] = [
    { key: 'event', header: pt('tpl.event'), cell: (r) => <span className="font-medium">{eventText(r.event)}</span> },
    { key: 'locale', header: pt('tpl.locale'), cell: (r) => r.locale.toUpperCase(), className: 'w-16' },
    ...columns,
    actionsColumn(pt, (r) => (
      <RowActions
        pt={pt}
        testId={`${prefix}-actions-${r.id}`}
        onEdit={() => setEditing(r)}
        remove={{ title: pt('tpl.delete_q'), description: pt('tpl.delete_text'), onConfirm: () => onDelete(r) }}
      >
        {actions?.(r)}
      </RowActions>
    )),
  ]
  const filterId = prefix === 'tpl' ? 'tf' : 'sf'
  return (
    <PanelList
      pt={pt}
      title={title}
      create={{ label: pt('tpl.create'), onClick: () => setEditing('new'), testId: `${prefix}-create` }}
      filters={{
        cols: 'md:grid-cols-3',
        onApply: () => f.apply(),
        fields: (
          <>
            <Select
              size="sm"
              id={`${filterId}-event`}
              label={pt('tpl.event')}
              value={f.draft.event}
              onChange={(e) => f.set('event')(e.target.value)}
              options={[{ value: '', text: pt('p.any') }, ...events.map((e) => ({ value: e, text: eventText(e) }))]}
            />
            <Select
              size="sm"
              id={`${filterId}-locale`}
              label={pt('tpl.locale')}
              value={f.draft.locale}
              onChange={(e) => f.set('locale')(e.target.value)}
              options={[{ value: '', text: pt('p.any') }, ...localeOptions(pt)]}
            />
          </>
        ),
      }}
      editor={
        editing && {
          dialog: true,
          title:
            editing === 'new'
              ? pt('tpl.create')
              : pt('tpl.edit_title', { event: eventText(editing.event), locale: editing.locale.toUpperCase() }),
          testId: `${prefix}-form`,
          onClose: () => setEditing(null),
          content: (
            <Fragment key={editing === 'new' ? 'new' : editing.id}>
              {form(editing === 'new' ? null : editing, () => setEditing(null))}
            </Fragment>
          ),
        }
      }
      list={list}
      columns={all}
      rowKey={(r) => r.id}
      page={f.page}
      onPage={f.setPage}
      empty={pt('tpl.empty')}
    />
  )
}

/** The filters of a template list as the list call takes them. */
function templateFilters<Event extends string>(f: { event?: string; locale?: string }) {
  return { ...(f.event ? { event: f.event as Event } : {}), ...(f.locale ? { locale: f.locale as Locale } : {}) }
}

export function EmailsPage({ title }: { title: string }) {
  const pt = usePT()
  const utils = trpc.useUtils()
  const f = useUrlFilters(NO_FILTERS)
  const [editing, setEditing] = useEditing<EmailTemplate>()
  const list = trpc.admin.emails.list.useQuery(
    { page: f.page, filters: templateFilters<MailEvent>(f.filters) },
    { placeholderData: (prev) => prev },
  )
  const [profilePage, setProfilePage] = useState(1)
  const profiles = trpc.admin.emails.profiles.useQuery({ page: profilePage }, { placeholderData: (prev) => prev })
  const del = trpc.admin.emails.delete.useMutation(
    announceAndRefresh(pt('tpl.deleted'), () => utils.admin.emails.list.invalidate()),
  )
  return (
    <>
      <TemplateList<EmailTemplate, MailEvent>
        pt={pt}
        title={title}
        prefix="tpl"
        events={MAIL_EVENT_NAMES}
        eventText={(e) => mailText(pt, e)}
        filters={f}
        list={list}
        columns={[
          { key: 'subject', header: pt('tpl.subject'), cell: (r) => <span className="break-words">{r.subject}</span> },
          {
            key: 'profile',
            header: pt('tpl.profile'),
            cell: (r) => r.profile_name ?? <span className="text-slate-500">{pt('tpl.profile_default')}</span>,
          },
        ]}
        onDelete={(r) => del.mutateAsync({ id: r.id })}
        actions={(r) => <SendTestButton pt={pt} id={r.id} />}
        editing={editing}
        setEditing={setEditing}
        form={(row, onDone) => <EmailForm row={row} pt={pt} profiles={profiles.data?.items ?? []} onDone={onDone} />}
      />
      <ProfilesSection pt={pt} profiles={profiles} page={profilePage} onPage={setProfilePage} />
    </>
  )
}

// ——— SMS templates ———

function SmsForm({ row, pt, onDone }: { row: SmsTemplate | null; pt: PT; onDone: () => void }) {
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const c = utils.client.admin.sms
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/admin/messages.schema').then((m) => m.ZSmsTemplateCreate),
    {
      defaults: {
        sms: {
          event: row?.event ?? SMS_EVENT_NAMES[0],
          locale: row?.locale ?? edition.defaultLocale,
          body: row?.body ?? '',
        },
      },
      action: (v) => (row ? c.save.mutate({ id: row.id, sms: v.sms }) : c.create.mutate({ sms: v.sms })),
      success: row ? pt('p.saved') : pt('tpl.created'),
      onDone: async () => {
        await utils.admin.sms.list.invalidate()
        onDone()
      },
    },
  )
  const v = form.watch('sms')
  return (
    <Form form={form} onSubmit={submit} className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormSelect
          size="sm"
          name="sms.event"
          id="sms-event"
          label={pt('tpl.event')}
          options={SMS_EVENT_NAMES.map((e) => ({ value: e, text: smsText(pt, e) }))}
        />
        <FormSelect size="sm" name="sms.locale" id="sms-locale" label={pt('tpl.locale')} options={localeOptions(pt)} />
      </div>
      <FormTextArea size="sm" name="sms.body" id="sms-body" label={pt('tpl.sms_text')} rows={4} />
      <VariableChips
        pt={pt}
        names={smsVariables(v.event ?? SMS_EVENT_NAMES[0])}
        onInsert={(tok) =>
          form.setValue('sms.body', insertAt(textarea('sms-body'), form.getValues('sms.body'), tok), {
            shouldDirty: true,
          })
        }
      />
      <Preview pt={pt} body={v.body ?? ''} />
      <EditorActions pt={pt} pending={pending} onCancel={onDone} saveTestId="sms-save" />
    </Form>
  )
}

export function SmsPage({ title }: { title: string }) {
  const pt = usePT()
  const utils = trpc.useUtils()
  const f = useUrlFilters(NO_FILTERS)
  const [editing, setEditing] = useEditing<SmsTemplate>()
  const list = trpc.admin.sms.list.useQuery(
    { page: f.page, filters: templateFilters<SmsEvent>(f.filters) },
    { placeholderData: (prev) => prev },
  )
  const del = trpc.admin.sms.delete.useMutation(
    announceAndRefresh(pt('tpl.deleted'), () => utils.admin.sms.list.invalidate()),
  )
  return (
    <TemplateList<SmsTemplate, SmsEvent>
      pt={pt}
      title={title}
      prefix="sms"
      events={SMS_EVENT_NAMES}
      eventText={(e) => smsText(pt, e)}
      filters={f}
      list={list}
      columns={[
        { key: 'body', header: pt('tpl.sms_text'), cell: (r) => <span className="break-words">{r.body}</span> },
      ]}
      onDelete={(r) => del.mutateAsync({ id: r.id })}
      editing={editing}
      setEditing={setEditing}
      form={(row, onDone) => <SmsForm row={row} pt={pt} onDone={onDone} />}
    />
  )
}
