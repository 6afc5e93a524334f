// Subjects of the profile: each with the levels the reference data lists for it (checkboxes) and a
// description of the lessons. The rows are controlled inputs over the form's `subjects` value (no
// useFieldArray/Controller: the public sign-in pages share react-hook-form's chunk and its size).
import type { UseFormReturn } from 'react-hook-form'
import type { TutorProfileInput } from '../../../common/schemas/tutor/profile.schema'
import { toggled } from '../../lib/lists'
import { Button } from '../../ui/Button'
import { CheckGroup, Checkbox, FieldError, Select, TextArea, errorAt } from '../../ui/Field'
import { Card } from '../../ui/Card'
import { useAreaText } from '../../lib/area-text'
import type { ProfileValues, SubjectValue } from './profile-form'

export interface LessonOption {
  id: number
  name: string
  levels: { id: number; name: string }[]
}

type Form = UseFormReturn<ProfileValues, unknown, TutorProfileInput>

export function SubjectsSection({ form, lessons }: { form: Form; lessons: LessonOption[] }) {
  const at = useAreaText('account')
  const subjects = form.watch('subjects') ?? []
  const update = (next: SubjectValue[]) => form.setValue('subjects', next, { shouldDirty: true })
  const change = (i: number, patch: Partial<SubjectValue>) =>
    update(subjects.map((s, j) => (j === i ? { ...s, ...patch } : s)))
  const errors = form.formState.errors
  const chosen = new Set(subjects.map((s) => Number(s.subject_id)))
  return (
    <Card
      title={at('account.section_subjects')}
      id="subjects"
      aside={
        <Button
          variant="secondary"
          onClick={() => update([...subjects, { subject_id: 0, description: '', selectedLevels: [] }])}
        >
          {at('account.add_subject')}
        </Button>
      }
    >
      <p className="mb-4 text-sm text-slate-600">{at('account.subjects_hint')}</p>
      <FieldError id="subjects-error" message={errorAt(errors, 'subjects')} />
      <ol className="flex flex-col gap-4">
        {subjects.map((subject, i) => {
          const lessonId = Number(subject.subject_id ?? 0)
          const lesson = lessons.find((l) => l.id === lessonId)
          const base = `subject-${i}`
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are controlled inputs addressed by position (ids, error paths); none keeps state of its own
            <li key={i} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4" data-testid="subject-row">
              <div className="flex flex-wrap items-end gap-3">
                <div className="min-w-56 flex-1">
                  <Select
                    id={`${base}-id`}
                    label={at('account.subject')}
                    error={errorAt(errors, `subjects.${i}.subject_id`)}
                    value={lessonId}
                    onChange={(e) => change(i, { subject_id: Number(e.target.value), selectedLevels: [] })}
                  >
                    <option value={0}>{at('account.choose_subject')}</option>
                    {lessons.map((l) => (
                      <option key={l.id} value={l.id} disabled={l.id !== lessonId && chosen.has(l.id)}>
                        {l.name}
                      </option>
                    ))}
                  </Select>
                </div>
                <Button
                  variant="secondary"
                  onClick={() => update(subjects.filter((_, j) => j !== i))}
                  aria-label={`${at('account.remove')}: ${lesson?.name ?? at('account.subject')}`}
                >
                  {at('account.remove')}
                </Button>
              </div>
              {lesson && (
                <div className="mt-4">
                  <CheckGroup
                    legend={at('account.levels')}
                    errorId={`${base}-levels-error`}
                    error={errorAt(errors, `subjects.${i}.selectedLevels`)}
                  >
                    {lesson.levels.length === 0 && (
                      <span className="text-sm text-slate-500">{at('account.no_levels')}</span>
                    )}
                    {lesson.levels.map((lv) => (
                      <Checkbox
                        key={lv.id}
                        label={lv.name}
                        checked={subject.selectedLevels.includes(lv.id)}
                        onChange={(e) =>
                          change(i, { selectedLevels: toggled(subject.selectedLevels, lv.id, e.target.checked) })
                        }
                      />
                    ))}
                  </CheckGroup>
                </div>
              )}
              <div className="mt-4">
                <TextArea
                  id={`${base}-description`}
                  label={at('account.subject_description')}
                  rows={3}
                  error={errorAt(errors, `subjects.${i}.description`)}
                  value={subject.description}
                  onChange={(e) => change(i, { description: e.target.value })}
                />
              </div>
            </li>
          )
        })}
      </ol>
    </Card>
  )
}
