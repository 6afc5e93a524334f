// /panel/users_show, "Add a tutor": name, e-mail and/or phone, a password (twice) and an optional first
// subject, sent as POST /admin/tutor/profile/create (multipart, the `tutor` JSON text, spec/api-calls.md
// §7.2). The server's 422 field map lands under the fields; on success the new tutor's editor opens.
import { Dialog } from 'radix-ui'
import { type FormEvent, useState } from 'react'
import { useLocation } from 'wouter'
import { profileBody } from '../account/tutor/MainSections'
import { postMultipart } from '../account/tutor/upload'
import { showError, showSuccess } from '../components/ui/StatusBanner'
import { fieldErrorsOf } from '../lib/api-errors'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { Input, PanelButton, type PT, Select } from './kit'

const EMPTY = { name: '', email: '', phone: '', password: '', confirm_password: '', subject: '' }
type Field = keyof typeof EMPTY

export function AddTutorDialog({ pt }: { pt: PT }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <PanelButton tone="primary" data-testid="add-tutor">
          + {pt('t.add_tutor')}
        </PanelButton>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{pt('t.add_tutor')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{pt('t.add_tutor_text')}</Dialog.Description>
          {open && <AddTutorForm pt={pt} onCancel={() => setOpen(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function AddTutorForm({ pt, onCancel }: { pt: PT; onCancel: () => void }) {
  const { locale, tr } = useSite()
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  const lessons = trpc.public.reference.tutorProfile.useQuery({ lang: locale, types: ['lessons'] })
  const [v, setV] = useState(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [busy, setBusy] = useState(false)
  const bind = (k: Field) => ({ value: v[k], error: errors[k], onChange: (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value })) })

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setErrors({})
    const subject = Number(v.subject)
    const tutor = {
      name: v.name.trim(),
      email: v.email.trim(),
      phone: v.phone.trim(),
      password: v.password,
      confirm_password: v.confirm_password,
      ...(subject ? { subjects: [{ subject_id: subject, description: '', selectedLevels: [] }] } : {}),
    }
    try {
      const created = await postMultipart<{ id: number }>('/admin/tutor/profile/create', profileBody(tutor, []), undefined, locale)
      showSuccess(pt('t.created_ok'))
      await utils.admin.tutors.list.invalidate()
      navigate(`/panel/users_show/${created.id}`)
    } catch (error) {
      showError(error)
      const map = fieldErrorsOf(error) ?? {}
      const shown: Partial<Record<Field, string>> = {}
      for (const [field, messages] of Object.entries(map)) {
        const key = (field.startsWith('subjects') ? 'subject' : field) as Field
        if (key in EMPTY) shown[key] = messages[0]
      }
      setErrors(shown)
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3" data-testid="add-tutor-form">
      <Input id="new-tutor-name" label={pt('p.name')} autoComplete="off" required {...bind('name')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Input id="new-tutor-email" type="email" label={pt('p.email')} autoComplete="off" hint={pt('t.contact_hint')} {...bind('email')} />
        <Input id="new-tutor-phone" type="tel" label={pt('p.phone')} autoComplete="off" {...bind('phone')} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Input id="new-tutor-password" type="password" label={pt('p.password')} autoComplete="new-password" {...bind('password')} />
        <Input id="new-tutor-confirm" type="password" label={pt('t.confirm_password')} autoComplete="new-password" {...bind('confirm_password')} />
      </div>
      <Select
        id="new-tutor-subject"
        label={pt('t.first_subject')}
        value={v.subject}
        aria-describedby={errors.subject ? 'new-tutor-subject-error' : undefined}
        onChange={(e) => setV((x) => ({ ...x, subject: e.target.value }))}
        options={[{ value: '', text: pt('t.no_subject') }, ...(lessons.data?.lessons ?? []).map((l) => ({ value: String(l.id), text: l.name }))]}
      />
      {errors.subject && (
        <p id="new-tutor-subject-error" className="text-xs text-red-700">
          {tr(errors.subject)}
        </p>
      )}
      <div className="mt-2 flex justify-end gap-2">
        <PanelButton disabled={busy} onClick={onCancel}>
          {pt('p.cancel')}
        </PanelButton>
        <PanelButton type="submit" tone="primary" disabled={busy} data-testid="add-tutor-submit">
          {pt('t.create')}
        </PanelButton>
      </div>
    </form>
  )
}
