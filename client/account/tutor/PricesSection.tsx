// The tutor's own prices: for each saved subject a price per lesson length
// (45, 60, 90 minutes) in whole units of the edition's currency, saved on its own through
// tutor.prices.set (server/domain/tutors/prices.ts checks them; its 422 lands under the field).
// Outside the profile form (its own form, right after the subjects' step): the prices belong to subjects
// already saved; until then the card offers the subjects' save. With `tutorId` it is the
// panel's (staff, admin.tutorPrices; client/panel/TutorProfileForm.tsx). The form is a useActionForm
// over the procedure's own schema (common/schemas/tutor/prices.schema.ts); its fields are
// `prices.<subject>.<minutes>`, the names the server's refusals carry.
import { minorToShortUnits } from '../../../common/money'
import { LESSON_MINUTES } from '../../../common/price-rules'
import type { TTutorPrices } from '../../../common/schemas/tutor/prices.schema'
import { Button } from '../../ui/Button'
import { Card } from '../../ui/Card'
import { FieldError, errorAt } from '../../ui/Field'
import { Form, FormTextField, Submit } from '../../ui/form/Form'
import { useActionForm } from '../../ui/form/use-action-form'
import { useAreaText } from '../../lib/area-text'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'

type Saved = { by_subject: Record<number, Record<number, number>> }
type Values = { prices: Record<string, Record<string, string>>; currency: string }

/** A value for every field of every subject ('' where no price is kept). */
function valuesOf(subjects: number[], saved: Saved, currency: string): Values {
  const prices = Object.fromEntries(
    subjects.map((id) => [
      String(id),
      Object.fromEntries(
        LESSON_MINUTES.map((m) => {
          const minor = saved.by_subject[id]?.[m]
          return [String(m), minor === undefined ? '' : minorToShortUnits(minor)]
        }),
      ),
    ]),
  )
  return { prices, currency }
}

export function PricesSection(props: {
  subjects: number[]
  lessons: { id: number; name: string }[]
  tutorId?: number
  onSaved?: () => Promise<void>
  /** The editor's subjects differ from the saved ones: the new ones get prices once saved. */
  unsavedSubjects?: boolean
  /** The id of the form that saves the subjects: with no saved subject, its button is offered here. */
  subjectsForm?: string
}) {
  const { subjects, tutorId, unsavedSubjects, subjectsForm } = props
  const at = useAreaText('account')
  const { edition } = useSite()
  const staff = tutorId !== undefined
  const own = trpc.tutor.prices.get.useQuery(undefined, { enabled: !staff })
  const staffs = trpc.admin.tutorPrices.get.useQuery({ tutor_id: tutorId ?? 0 }, { enabled: staff })
  const saved = staff ? staffs : own

  return (
    <Card title={at('account.section_prices')} id="prices">
      <p className="mb-4 text-sm text-slate-600">
        {at('account.prices_hint', { currency: `${edition.currency} (${edition.currencyIcon})` })}
      </p>
      {unsavedSubjects && subjects.length > 0 && (
        <p className="mb-3 text-sm text-amber-900" data-testid="prices-unsaved">
          {at('account.prices_unsaved')}
        </p>
      )}
      {subjects.length === 0 ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-slate-600">{at('account.prices_none')}</p>
          {subjectsForm && unsavedSubjects && (
            // Submits the subjects' form (the HTML `form` attribute): the price fields follow the save.
            <Button type="submit" form={subjectsForm} variant="secondary">
              {at('account.save_subjects')}
            </Button>
          )}
        </div>
      ) : saved.data ? (
        // A new list of subjects is a new form (its fields are the subjects').
        <PricesForm
          key={subjects.join(',')}
          {...props}
          saved={saved.data}
          refetch={async () => (await saved.refetch()).data}
        />
      ) : (
        <div aria-busy="true" className="h-32 animate-pulse rounded-lg bg-slate-100" />
      )}
    </Card>
  )
}

function PricesForm({
  subjects,
  lessons,
  tutorId,
  onSaved,
  saved,
  refetch,
}: {
  subjects: number[]
  lessons: { id: number; name: string }[]
  tutorId?: number
  onSaved?: () => Promise<void>
  saved: Saved
  refetch: () => Promise<Saved | undefined>
}) {
  const at = useAreaText('account')
  const { edition } = useSite()
  const setOwn = trpc.tutor.prices.set.useMutation()
  const setStaff = trpc.admin.tutorPrices.set.useMutation()
  const { form, submit, pending } = useActionForm(
    () => import('../../../common/schemas/tutor/prices.schema').then((m) => m.ZTutorPrices),
    {
      defaults: valuesOf(subjects, saved, edition.currency) satisfies TTutorPrices,
      action: (values) =>
        tutorId !== undefined ? setStaff.mutateAsync({ ...values, tutor_id: tutorId }) : setOwn.mutateAsync(values),
      success: at('account.prices_saved'),
      onDone: async () => {
        const fresh = await refetch()
        if (fresh) form.reset(valuesOf(subjects, fresh, edition.currency))
        await onSaved?.()
      },
    },
  )
  const errors = form.formState.errors

  return (
    <Form form={form} onSubmit={submit} data-testid="prices-form" className="flex flex-col gap-4">
      <FieldError id="prices-currency-error" message={errorAt(errors, 'currency')} />
      {subjects.map((id) => (
        <fieldset key={id} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
          <legend className="px-1 font-semibold text-slate-900">
            {lessons.find((l) => l.id === id)?.name ?? `#${id}`}
          </legend>
          <FieldError id={`price-${id}-error`} message={errorAt(errors, `prices.${id}`)} />
          <div className="grid gap-3 sm:grid-cols-3">
            {LESSON_MINUTES.map((m) => (
              <FormTextField
                key={m}
                name={`prices.${id}.${m}`}
                id={`price-${id}-${m}`}
                label={at('account.price_minutes', { minutes: m })}
                inputMode="decimal"
                adornment={edition.currencyIcon}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <div>
        <Submit pending={pending} className="sm:w-48">
          {pending ? at('account.saving') : at('account.prices_save')}
        </Submit>
      </div>
    </Form>
  )
}
