// /profile/: the profile editor (docs/product.md#3-entities-and-their-fields "Tutor profile form"). A useActionForm
// over the server's own schema (ZTutorProfile), sent as multipart to POST /tutor/profile/save with the new
// documents, so the upload shows its progress. The server's 422 field map lands under the fields
// (the focus on the first); other refusals go to the status banner.
import { useEffect, useRef, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { TutorProfileInput } from '../../../common/schemas/tutor/profile.schema'
import { Card } from '../../ui/Card'
import { ProgressBar } from '../../ui/Progress'
import { TextField } from '../../ui/TextField'
import { Form, Submit } from '../../ui/form/Form'
import { useActionForm } from '../../ui/form/use-action-form'
import { useAreaText } from '../../lib/area-text'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'
import { AvatarSection } from './AvatarSection'
import { DocumentsSection } from './DocumentsSection'
import { useRefreshIndicators } from './indicators'
import { LocationsSection } from './LocationsSection'
import { AboutSection, BasicsSection, EducationSection, profileBody } from './MainSections'
import { OnboardingGuide } from './OnboardingGuide'
import { PricesSection } from './PricesSection'
import { ProfileStatus } from './ProfileStatus'
import { type NewDocument, type ProfileValues, type TutorProfile, valuesOf } from './profile-form'
import { ScheduleSection } from './ScheduleSection'
import { SubjectsSection } from './SubjectsSection'
import { postMultipart } from './upload'

export function ProfilePage({ tutorId }: { tutorId: number }) {
  const at = useAreaText('account')
  const profile = trpc.tutor.profile.get.useQuery()
  if (!profile.data) return <p className="text-slate-600">{at('account.loading')}</p>
  return <ProfileEditor profile={profile.data} tutorId={tutorId} />
}

function ProfileEditor({ profile, tutorId }: { profile: TutorProfile; tutorId: number }) {
  const at = useAreaText('account')
  const { locale } = useSite()
  const utils = trpc.useUtils()
  const refreshIndicators = useRefreshIndicators()
  const resources = trpc.public.reference.tutorProfile.useQuery({ lang: locale, types: ['lessons', 'cities'] })
  // The chosen files are not form values (the schema's `tutor` JSON holds no files): they go beside it.
  const [newDocs, setNewDocs] = useState<NewDocument[]>([])
  const [progress, setProgress] = useState<number | null>(null)
  const {
    form: ownForm,
    submit,
    pending: saving,
  } = useActionForm(() => import('../../../common/schemas/tutor/profile.schema').then((m) => m.ZTutorProfile), {
    defaults: editorValues(profile),
    // The schema's output goes as the multipart body's `tutor` JSON (the server parses it again).
    action: async (_values, parsed) => {
      setProgress(newDocs.length ? 0 : null)
      try {
        const body = profileBody(parsed as TutorProfileInput, newDocs)
        return await postMultipart<TutorProfile>(
          '/tutor/profile/save',
          body,
          newDocs.length ? (p) => setProgress(p.total ? (p.loaded / p.total) * 100 : 0) : undefined,
          locale,
        )
      } finally {
        setProgress(null)
      }
    },
    success: at('account.saved'),
    onDone: (saved) => {
      utils.tutor.profile.get.setData(undefined, saved)
      void utils.tutor.profile.completeness.invalidate()
      void utils.tutor.profile.preview.invalidate()
      ownForm.reset(editorValues(saved))
      release(newDocs)
      setNewDocs([])
      void refreshIndicators(tutorId).catch(() => {})
    },
  })
  // The sections take the profile form.
  const form = ownForm as unknown as UseFormReturn<ProfileValues, unknown, TutorProfileInput>
  const errors = form.formState.errors

  // Thumbnails' object URLs are released when their documents are sent, removed, or the page closes.
  const shown = useRef(newDocs)
  shown.current = newDocs
  useEffect(() => () => release(shown.current), [])

  // The editor's subjects against the saved ones (the prices step offers prices for saved subjects only).
  const editing = (form.watch('subjects') ?? []).map((x) => Number(x.subject_id)).filter((id) => id > 0)
  const savedSubjects = profile.subjects.map((x) => x.subject_id)
  const unsavedSubjects = editing.join(',') !== savedSubjects.join(',')
  const invalidateGuide = () => void utils.tutor.profile.completeness.invalidate()

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">{at('account.profile_title')}</h1>
      <ProfileStatus
        published={profile.published}
        active={profile.active}
        sentBackReason={profile.sent_back_reason}
        tutorId={profile.id}
      />
      <OnboardingGuide />
      {/* The steps in their order (docs/product.md#tutor-onboarding). The profile's fields are one
          react-hook-form over three <form> elements, so the prices' and the photo's own forms sit
          between them, each step where the guide lists it; every Save sends the whole profile. */}
      <div className="flex flex-col gap-6" data-testid="profile-form" data-form-scope>
        <Form form={ownForm} onSubmit={submit} className="flex flex-col gap-6" id={START_FORM}>
          <BasicsSection form={form} />
          <SubjectsSection form={form} lessons={resources.data?.lessons ?? []} />
        </Form>
        <PricesSection
          subjects={savedSubjects}
          lessons={resources.data?.lessons ?? []}
          unsavedSubjects={unsavedSubjects}
          subjectsForm={START_FORM}
          onSaved={async () => invalidateGuide()}
        />
        <Form form={ownForm} onSubmit={submit} className="flex flex-col gap-6">
          <LocationsSection form={form} cities={resources.data?.cities ?? []} />
        </Form>
        <AvatarSection avatar={profile.avatar} tutorId={tutorId} />
        <Form form={ownForm} onSubmit={submit} className="flex flex-col gap-6" id={END_FORM}>
          <AboutSection form={form} />
          <EducationSection form={form} />
          <ScheduleSection form={form} />
          <Card title={at('account.section_orders')} id="orders">
            <div className="max-w-md">
              <TextField
                id="profile-points"
                label={at('account.points_for_order')}
                inputMode="numeric"
                aria-describedby={
                  errors.tutor_points_for_order ? 'profile-points-error profile-points-hint' : 'profile-points-hint'
                }
                error={errors.tutor_points_for_order?.message}
                {...form.register('tutor_points_for_order')}
              />
              <p id="profile-points-hint" className="mt-1 text-xs text-slate-500">
                {at('account.points_hint')}
              </p>
            </div>
          </Card>
          <DocumentsSection form={form} stored={profile.documents} newDocs={newDocs} setNewDocs={setNewDocs} />
        </Form>
        {/* Sticky over all the steps; it submits the last form (the `form` attribute), which sends every field. */}
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:flex-row sm:items-center">
          <Submit pending={saving} className="sm:w-48" form={END_FORM}>
            {saving ? at('account.saving') : at('account.save')}
          </Submit>
          {progress !== null && (
            <div className="flex-1">
              <ProgressBar value={progress} label={at('account.uploading')} />
            </div>
          )}
        </div>
      </div>
    </div>
  )
}

const START_FORM = 'profile-form-start'
const END_FORM = 'profile-form-end'

/**
 * The profile's values, and `new_documents` (the files' refusals name it): a form value is what a 422
 * lands on. The schema drops it from what is sent.
 */
function editorValues(p: TutorProfile): ProfileValues & { new_documents: string } {
  return { ...valuesOf(p), new_documents: '' }
}

function release(docs: NewDocument[]) {
  for (const d of docs) if (d.preview) URL.revokeObjectURL(d.preview)
}
