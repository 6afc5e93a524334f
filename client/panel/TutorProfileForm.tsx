// /panel/users_show/{id}, "Edit profile": staff fill the tutor's own profile form (the cabinet's
// section components, client/account/tutor/) and save it as multipart to POST /admin/tutor/profile/save
// with tutor_id (docs/api.md#admin-tutors). The staff view has no stored documents, so the form sends no
// `documents` list (the stored ones stay) and only adds new ones; the points per order and the
// schedule are the tutor's own settings and are not sent either.
import { useEffect, useRef, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../server/routers/app'
import type { TutorProfileInput } from '../../common/schemas/tutor/profile.schema'
import { DocumentsSection } from '../account/tutor/DocumentsSection'
import { LocationsSection } from '../account/tutor/LocationsSection'
import { EducationSection, MainSection, profileBody } from '../account/tutor/MainSections'
import type { NewDocument, ProfileValues } from '../account/tutor/profile-form'
import { PricesSection } from '../account/tutor/PricesSection'
import { SubjectsSection } from '../account/tutor/SubjectsSection'
import { postMultipart } from '../account/tutor/upload'
import type { PT } from './text'
import { Button } from '../ui/Button'
import { Form } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { Card } from '../ui/Card'
import { ProgressBar } from '../ui/Progress'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'

type Tutor = inferRouterOutputs<AppRouter>['admin']['tutors']['profile']['get']

const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v))

function valuesOfStaff(t: Tutor): ProfileValues {
  return {
    name: t.name,
    age: text(t.age),
    description: t.description ?? '',
    subjects: t.subjects.map((s) => ({
      subject_id: s.subject_id,
      description: s.description ?? '',
      selectedLevels: s.selectedLevels,
    })),
    work_home: !!t.work_home,
    work_travel: !!t.work_travel,
    work_online: !!t.work_online,
    locations_home: t.locations_home,
    locations_travel: t.locations_travel,
    online_communication_app: t.online_communication_app ?? '',
    university_name: t.university_name ?? '',
    university_graduation_year: text(t.university_graduation_year),
    schedule: {},
    tutor_points_for_order: '',
    documents: [],
  }
}

export function TutorProfileForm({
  t,
  pt,
  onClose,
  refresh,
}: {
  t: Tutor
  pt: PT
  onClose: () => void
  refresh: () => Promise<void>
}) {
  const { locale } = useSite()
  const resources = trpc.public.reference.tutorProfile.useQuery({ lang: locale, types: ['lessons', 'cities'] })
  const [newDocs, setNewDocs] = useState<NewDocument[]>([])
  const [progress, setProgress] = useState<number | null>(null)
  const {
    form: staffForm,
    submit,
    pending: saving,
  } = useActionForm(() => import('../../common/schemas/tutor/profile.schema').then((m) => m.ZTutorProfile), {
    defaults: valuesOfStaff(t),
    // The schema's output goes as the multipart body's `tutor` JSON (the server parses it again).
    action: async (_values, parsed) => {
      const {
        documents: _kept,
        tutor_points_for_order: _points,
        schedule: _schedule,
        ...tutor
      } = parsed as TutorProfileInput
      setProgress(newDocs.length ? 0 : null)
      try {
        const body = profileBody(tutor, newDocs, { tutor_id: String(t.id) })
        await postMultipart(
          '/admin/tutor/profile/save',
          body,
          newDocs.length ? (p) => setProgress(p.total ? (p.loaded / p.total) * 100 : 0) : undefined,
          locale,
        )
      } finally {
        setProgress(null)
      }
    },
    success: pt('t.profile_saved'),
    onDone: async () => {
      release(newDocs)
      setNewDocs([])
      await refresh()
      onClose()
    },
  })
  // The cabinet's sections take the profile form.
  const form = staffForm as unknown as UseFormReturn<ProfileValues, unknown, TutorProfileInput>

  const shown = useRef(newDocs)
  shown.current = newDocs
  useEffect(() => () => release(shown.current), [])

  return (
    <Card title={pt('t.edit_profile_title')} testId="tutor-profile-form" className="mb-6">
      <p className="mb-4 text-sm text-slate-600">{pt('t.edit_profile_hint')}</p>
      {/* The tutor's own prices save on their own (their own form, so not inside the profile's). */}
      <div className="mb-4">
        <PricesSection
          tutorId={t.id}
          onSaved={refresh}
          subjects={t.subjects.map((s) => s.subject_id)}
          lessons={resources.data?.lessons ?? []}
        />
      </div>
      <Form form={staffForm} onSubmit={submit} className="flex flex-col gap-4">
        <MainSection form={form} />
        <SubjectsSection form={form} lessons={resources.data?.lessons ?? []} />
        <LocationsSection form={form} cities={resources.data?.cities ?? []} />
        <EducationSection form={form} />
        <DocumentsSection form={form} stored={[]} newDocs={newDocs} setNewDocs={setNewDocs} />
        <div className="sticky bottom-0 z-10 -mx-4 -mb-4 flex flex-col gap-3 rounded-b-xl border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:flex-row sm:items-center">
          <Button size="sm" type="submit" variant="primary" disabled={saving} data-testid="tutor-profile-save">
            {pt('p.save')}
          </Button>
          <Button size="sm" variant="secondary" disabled={saving} onClick={onClose}>
            {pt('t.close_edit')}
          </Button>
          {progress !== null && (
            <div className="flex-1">
              <ProgressBar value={progress} label={pt('p.save')} />
            </div>
          )}
        </div>
      </Form>
    </Card>
  )
}

function release(docs: NewDocument[]) {
  for (const d of docs) if (d.preview) URL.revokeObjectURL(d.preview)
}
