// /profile/: the profile editor (spec/product.md §3 "Tutor profile form"). The form validates with
// the server's own schema (ZTutorProfile), and is sent as multipart to POST /tutor/profile/save with
// the new documents, so the upload shows its progress. The server's 422 field map lands under the
// fields; other refusals go to the status banner.
import { useEffect, useRef, useState } from 'react'
import { type Path, useForm } from 'react-hook-form'
import type { TutorProfileInput } from '../../../common/schemas/tutor/profile.schema'
import { TextField } from '../../components/form/TextField'
import { Button } from '../../components/ui/Button'
import { ProgressBar } from '../../components/ui/ProgressBar'
import { showError, showSuccess } from '../../components/ui/StatusBanner'
import { fieldErrorsOf } from '../../lib/api-errors'
import { useAreaText } from '../../lib/area-text'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'
import { AvatarSection } from './AvatarSection'
import { DocumentsSection } from './DocumentsSection'
import { Card } from './fields'
import { useRefreshIndicators } from './indicators'
import { LocationsSection } from './LocationsSection'
import { EducationSection, MainSection, profileBody, useProfileResolver } from './MainSections'
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
  const resolver = useProfileResolver()
  const form = useForm<ProfileValues, unknown, TutorProfileInput>({ resolver, defaultValues: valuesOf(profile) })
  const [newDocs, setNewDocs] = useState<NewDocument[]>([])
  const [progress, setProgress] = useState<number | null>(null)
  const errors = form.formState.errors

  // Thumbnails' object URLs are released when their documents are sent, removed, or the page closes.
  const shown = useRef(newDocs)
  shown.current = newDocs
  useEffect(() => () => release(shown.current), [])

  const submit = form.handleSubmit(async (values) => {
    const body = profileBody(values, newDocs)
    setProgress(newDocs.length ? 0 : null)
    try {
      const saved = await postMultipart<TutorProfile>('/tutor/profile/save', body, newDocs.length ? (p) => setProgress(p.total ? (p.loaded / p.total) * 100 : 0) : undefined, locale)
      utils.tutor.profile.get.setData(undefined, saved)
      form.reset(valuesOf(saved))
      release(newDocs)
      setNewDocs([])
      showSuccess(at('account.saved'))
      void refreshIndicators(tutorId).catch(() => {})
    } catch (error) {
      showError(error)
      const map = fieldErrorsOf(error)
      if (map) for (const [field, messages] of Object.entries(map)) form.setError(field as Path<ProfileValues>, { type: 'server', message: messages[0] })
    } finally {
      setProgress(null)
    }
  })

  const saving = form.formState.isSubmitting
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">{at('account.profile_title')}</h1>
      <ProfileStatus published={profile.published} active={profile.active} />
      <AvatarSection avatar={profile.avatar} tutorId={tutorId} />
      <PricesSection subjects={profile.subjects.map((s) => s.subject_id)} lessons={resources.data?.lessons ?? []} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-6" data-testid="profile-form">
        <MainSection form={form} />
        <SubjectsSection form={form} lessons={resources.data?.lessons ?? []} />
        <LocationsSection form={form} cities={resources.data?.cities ?? []} />
        <EducationSection form={form} />
        <ScheduleSection form={form} />
        <Card title={at('account.section_orders')} id="orders">
          <div className="max-w-xs">
            <TextField
              id="profile-points"
              label={at('account.points_for_order')}
              inputMode="numeric"
              aria-describedby="profile-points-hint"
              error={errors.tutor_points_for_order?.message}
              {...form.register('tutor_points_for_order')}
            />
            <p id="profile-points-hint" className="mt-1 text-xs text-slate-500">
              {at('account.points_hint')}
            </p>
          </div>
        </Card>
        <DocumentsSection form={form} stored={profile.documents} newDocs={newDocs} setNewDocs={setNewDocs} />
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:flex-row sm:items-center">
          <Button type="submit" disabled={saving} className="sm:w-48">
            {saving ? at('account.saving') : at('account.save')}
          </Button>
          {progress !== null && (
            <div className="flex-1">
              <ProgressBar value={progress} label={at('account.uploading')} />
            </div>
          )}
        </div>
      </form>
    </div>
  )
}

function release(docs: NewDocument[]) {
  for (const d of docs) if (d.preview) URL.revokeObjectURL(d.preview)
}
