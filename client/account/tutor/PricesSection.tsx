// The tutor's own prices (issue 10, item 2): for each saved subject a price per lesson length
// (45, 60, 90 minutes) in whole units of the edition's currency, saved on its own through
// tutor.prices.set (server/domain/tutors/prices.ts checks them; its 422 lands under the field).
// Outside the profile form: the prices belong to subjects already saved. With `tutorId` it is the
// panel's (staff, admin.tutorPrices; client/panel/TutorProfileForm.tsx).
import { type FormEvent, useState } from 'react'
import { LESSON_MINUTES } from '../../../common/price-rules'
import { TextField } from '../../components/form/TextField'
import { Button } from '../../components/ui/Button'
import { showError, showSuccess } from '../../components/ui/StatusBanner'
import { fieldErrorsOf } from '../../lib/api-errors'
import { useAreaText } from '../../lib/area-text'
import { useSite } from '../../lib/site'
import { trpc } from '../../lib/trpc'
import { Card } from './fields'

type Values = Record<string, Record<string, string>>

/** 45050 → "450.50", 45000 → "450". */
const unitsText = (minor: number) => (minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2))

export function PricesSection(props: { subjects: number[]; lessons: { id: number; name: string }[]; tutorId?: number; onSaved?: () => Promise<void> }) {
  const { subjects, lessons, tutorId, onSaved } = props
  const at = useAreaText('account')
  const { edition } = useSite()
  const staff = tutorId !== undefined
  const own = trpc.tutor.prices.get.useQuery(undefined, { enabled: !staff })
  const staffs = trpc.admin.tutorPrices.get.useQuery({ tutor_id: tutorId ?? 0 }, { enabled: staff })
  const saved = staff ? staffs : own
  const [edits, setEdits] = useState<Values>({})
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const setOwn = trpc.tutor.prices.set.useMutation()
  const setStaff = trpc.admin.tutorPrices.set.useMutation()
  const pending = setOwn.isPending || setStaff.isPending

  const stored = (lesson: number, minutes: number) => {
    const minor = saved.data?.by_subject[lesson]?.[minutes]
    return minor === undefined ? '' : unitsText(minor)
  }
  const value = (lesson: number, minutes: number) => edits[lesson]?.[minutes] ?? stored(lesson, minutes)
  const change = (lesson: number, minutes: number, text: string) => setEdits((e) => ({ ...e, [lesson]: { ...e[lesson], [minutes]: text } }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const prices = Object.fromEntries(subjects.map((id) => [id, Object.fromEntries(LESSON_MINUTES.map((m) => [m, value(id, m)]))]))
    try {
      const input = { prices, currency: edition.currency }
      if (staff) await setStaff.mutateAsync({ ...input, tutor_id: tutorId })
      else await setOwn.mutateAsync(input)
      await saved.refetch()
      setEdits({})
      setErrors({})
      showSuccess(at('account.prices_saved'))
      await onSaved?.()
    } catch (error) {
      const map = fieldErrorsOf(error)
      setErrors(map ?? {})
      // Field refusals show under their fields (the banner would name them by their keys).
      if (!map) showError(error)
    }
  }

  return (
    <Card title={at('account.section_prices')} id="prices">
      <p className="mb-4 text-sm text-slate-600">{at('account.prices_hint', { currency: `${edition.currency} (${edition.currencyIcon})` })}</p>
      {subjects.length === 0 ? (
        <p className="text-sm text-slate-600">{at('account.prices_none')}</p>
      ) : (
        <form noValidate onSubmit={submit} data-testid="prices-form" className="flex flex-col gap-4">
          {errors.currency && <p className="text-sm text-red-700">{errors.currency[0]}</p>}
          {subjects.map((id) => (
            <fieldset key={id} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
              <legend className="px-1 font-semibold text-slate-900">{lessons.find((l) => l.id === id)?.name ?? `#${id}`}</legend>
              {errors[`prices.${id}`] && <p className="text-sm text-red-700">{errors[`prices.${id}`]![0]}</p>}
              <div className="grid gap-3 sm:grid-cols-3">
                {LESSON_MINUTES.map((m) => (
                  <TextField
                    key={m}
                    id={`price-${id}-${m}`}
                    label={at('account.price_minutes', { minutes: m })}
                    inputMode="decimal"
                    adornment={edition.currencyIcon}
                    value={value(id, m)}
                    error={errors[`prices.${id}.${m}`]?.[0]}
                    onChange={(e) => change(id, m, e.target.value)}
                  />
                ))}
              </div>
            </fieldset>
          ))}
          <div>
            <Button type="submit" disabled={pending || saved.isLoading} className="sm:w-48">
              {pending ? at('account.saving') : at('account.prices_save')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  )
}
