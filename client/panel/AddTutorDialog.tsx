// /panel/users_show, "Add a tutor": name, e-mail and/or phone, a password (twice) and an optional first
// subject, sent as POST /admin/tutor/profile/create (multipart, the `tutor` JSON text, docs/api.md
// docs/api.md#admin-tutors). The server's 422 field map lands under the fields; on success the new tutor's editor
// opens.
import { useState } from 'react'
import { useLocation } from 'wouter'
import { profileBody } from '../account/tutor/MainSections'
import { postMultipart } from '../account/tutor/upload'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { namedAsForm } from '../lib/nested-form-errors'
import type { PT } from './text'
import { Button } from '../ui/Button'
import { ActionDialog } from '../ui/Dialog'
import { Form, FormSelect, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'

export function AddTutorDialog({ pt }: { pt: PT }) {
  const [open, setOpen] = useState(false)
  return (
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      title={pt('t.add_tutor')}
      description={pt('t.add_tutor_text')}
      trigger={
        <Button size="sm" variant="primary" data-testid="add-tutor">
          + {pt('t.add_tutor')}
        </Button>
      }
    >
      {open && <AddTutorForm pt={pt} onCancel={() => setOpen(false)} />}
    </ActionDialog>
  )
}

function AddTutorForm({ pt, onCancel }: { pt: PT; onCancel: () => void }) {
  const { locale } = useSite()
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  const lessons = trpc.public.reference.tutorProfile.useQuery({ lang: locale, types: ['lessons'] })
  // The `tutor` JSON is the tutor's own profile form (its schema checks name and passwords here); the
  // service checks the contacts (an e-mail or a phone, not taken) and names its refusals plainly.
  const { form, submit, pending } = useActionForm(
    // The profile's schema and the contacts and first subject the service takes beside it.
    () =>
      Promise.all([import('zod'), import('../../common/schemas/tutor/profile.schema')]).then(([{ z }, m]) =>
        z.intersection(m.ZTutorProfile, z.object({ email: z.string(), phone: z.string(), subject: z.string() })),
      ),
    {
      defaults: { name: '', email: '', phone: '', password: '', confirm_password: '', subject: '' },
      action: (v) => {
        const subject = Number(v.subject)
        const tutor = {
          name: (v.name ?? '').trim(),
          email: v.email.trim(),
          phone: v.phone.trim(),
          password: v.password,
          confirm_password: v.confirm_password,
          ...(subject ? { subjects: [{ subject_id: subject, description: '', selectedLevels: [] }] } : {}),
        }
        // The first subject travels as `subjects`: its refusal lands under the one select.
        const post = postMultipart<{ id: number }>(
          '/admin/tutor/profile/create',
          profileBody(tutor, []),
          undefined,
          locale,
        )
        return namedAsForm(post, (field) => (field.startsWith('subjects') ? 'subject' : field))
      },
      success: pt('t.created_ok'),
      onDone: async (created) => {
        await utils.admin.tutors.list.invalidate()
        navigate(`/panel/users_show/${created.id}`)
      },
    },
  )

  return (
    <Form form={form} onSubmit={submit} className="mt-4 flex flex-col gap-3" data-testid="add-tutor-form">
      <FormTextField size="sm" name="name" id="new-tutor-name" label={pt('p.name')} autoComplete="off" required />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormTextField
          size="sm"
          name="email"
          id="new-tutor-email"
          type="email"
          label={pt('p.email')}
          autoComplete="off"
          hint={pt('t.contact_hint')}
        />
        <FormTextField
          size="sm"
          name="phone"
          id="new-tutor-phone"
          type="tel"
          label={pt('p.phone')}
          autoComplete="off"
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormTextField
          size="sm"
          name="password"
          id="new-tutor-password"
          type="password"
          label={pt('p.password')}
          autoComplete="new-password"
        />
        <FormTextField
          size="sm"
          name="confirm_password"
          id="new-tutor-confirm"
          type="password"
          label={pt('t.confirm_password')}
          autoComplete="new-password"
        />
      </div>
      <FormSelect
        size="sm"
        name="subject"
        id="new-tutor-subject"
        label={pt('t.first_subject')}
        options={[
          { value: '', text: pt('t.no_subject') },
          ...(lessons.data?.lessons ?? []).map((l) => ({ value: String(l.id), text: l.name })),
        ]}
      />
      <div className="mt-2 flex justify-end gap-2">
        <Button size="sm" variant="secondary" disabled={pending} onClick={onCancel}>
          {pt('p.cancel')}
        </Button>
        <Button size="sm" type="submit" variant="primary" disabled={pending} data-testid="add-tutor-submit">
          {pt('t.create')}
        </Button>
      </div>
    </Form>
  )
}
