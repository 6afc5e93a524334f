// The profile form's "main" (name, age, description) and "education" cards, shared by the tutor's
// own editor (ProfilePage) and the staff panel's tutor editor (client/panel/TutorProfileForm.tsx).
import type { UseFormReturn } from 'react-hook-form'
import type { TutorProfileInput } from '../../../common/schemas/tutor/profile.schema'
import { Card } from '../../ui/Card'
import { TextArea } from '../../ui/Field'
import { TextField } from '../../ui/TextField'
import { useAreaText } from '../../lib/area-text'
import type { NewDocument, ProfileValues } from './profile-form'

type Form = UseFormReturn<ProfileValues, unknown, TutorProfileInput>

/** The multipart body of a profile save: the form as `tutor` JSON text, then the new documents. */
export function profileBody(tutor: object, newDocs: NewDocument[], extra: Record<string, string> = {}): FormData {
  const body = new FormData()
  for (const [k, v] of Object.entries(extra)) body.append(k, v)
  body.append('tutor', JSON.stringify(tutor))
  for (const d of newDocs) {
    body.append('new_documents[]', d.file, d.file.name)
    body.append('new_documents_descriptions[]', d.description)
  }
  return body
}

/** Name, age and description in one card (the staff panel's editor). */
export function MainSection({ form }: { form: Form }) {
  const at = useAreaText('account')
  return (
    <Card title={at('account.section_main')} id="main">
      <BasicsFields form={form} />
      <div className="mt-4">
        <DescriptionField form={form} />
      </div>
    </Card>
  )
}

/** The tutor's own editor splits them: the first step (name, age) and the "about" step. */
export function BasicsSection({ form }: { form: Form }) {
  const at = useAreaText('account')
  return (
    <Card title={at('account.section_main')} id="main">
      <BasicsFields form={form} />
    </Card>
  )
}

export function AboutSection({ form }: { form: Form }) {
  const at = useAreaText('account')
  return (
    <Card title={at('account.section_about')} id="about">
      <DescriptionField form={form} />
    </Card>
  )
}

function BasicsFields({ form }: { form: Form }) {
  const at = useAreaText('account')
  const errors = form.formState.errors
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
      <TextField
        id="profile-name"
        label={at('account.name')}
        autoComplete="name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        id="profile-age"
        label={at('account.age')}
        inputMode="numeric"
        error={errors.age?.message}
        {...form.register('age')}
      />
    </div>
  )
}

function DescriptionField({ form }: { form: Form }) {
  const at = useAreaText('account')
  const description = form.watch('description') ?? ''
  return (
    <TextArea
      id="profile-description"
      label={at('account.description')}
      rows={6}
      hint={at('account.description_hint', { count: description.trim().length })}
      error={form.formState.errors.description?.message}
      {...form.register('description')}
    />
  )
}

export function EducationSection({ form }: { form: Form }) {
  const at = useAreaText('account')
  const errors = form.formState.errors
  return (
    <Card title={at('account.section_education')} id="education">
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <TextField
          id="profile-university"
          label={at('account.university')}
          error={errors.university_name?.message}
          {...form.register('university_name')}
        />
        <TextField
          id="profile-graduation"
          label={at('account.graduation_year')}
          inputMode="numeric"
          error={errors.university_graduation_year?.message}
          {...form.register('university_graduation_year')}
        />
      </div>
    </Card>
  )
}
