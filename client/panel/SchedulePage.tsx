// /panel/admins_schedule: the staff schedule (GET /admin/admins/schedule/get, POST …/save). The server
// keeps any JSON object or array (docs/decisions.md#accounts). The panel's own shape, where the spec is silent:
// `week` maps a staff id to its hours per weekday ({"week": {"3": {"mon": "9–18", …}}}); the week grid
// edits that part and keeps every other key. The whole document stays editable as JSON below.
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { usePT, usePanelShortDate } from './text'
import { Button } from '../ui/Button'
import { FieldError, errorAt } from '../ui/Field'
import { Form } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { Card, PageTitle } from '../ui/Card'
import { Loading } from '../ui/State'

export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
type Day = (typeof WEEK_DAYS)[number]
type Week = Record<string, Partial<Record<Day, string>>>
type Doc = Record<string, unknown> | unknown[]

const pretty = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v, null, 2))

/** The text as a JSON object or array, or null. */
function parse(text: string): Doc | null {
  try {
    const v: unknown = JSON.parse(text)
    return v !== null && typeof v === 'object' ? (v as Doc) : null
  } catch {
    return null
  }
}

function weekOf(doc: Doc | null): Week {
  const week = doc && !Array.isArray(doc) ? doc.week : null
  return week && typeof week === 'object' && !Array.isArray(week) ? (week as Week) : {}
}

export function SchedulePage({ title }: { title: string }) {
  const pt = usePT()
  const shortDate = usePanelShortDate()
  const schedule = trpc.admin.staff.schedule.get.useQuery()
  if (!schedule.data)
    return schedule.isError ? <p className="text-red-700">{pt('p.error')}</p> : <Loading text={pt('panel.loading')} />
  const { updated_at, updated_by } = schedule.data
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <p data-testid="schedule-updated" className="mb-4 text-sm text-slate-600">
        {updated_at ? pt('s.updated', { when: shortDate(updated_at), name: updated_by?.name ?? '' }) : pt('s.never')}
      </p>
      <WeekGrid doc={(schedule.data.schedule as Doc | null) ?? null} />
      <JsonEditor doc={(schedule.data.schedule as Doc | null) ?? null} />
    </>
  )
}

// The schedule's schema, loaded with the page's forms (zod stays out of the panel's first load).
const schemas = () => import('../../common/schemas/admin/admins.schema')

/** Both forms save the whole document; the answer is the stored schedule, which both forms then start from. */
function useSave() {
  const utils = trpc.useUtils()
  const save = trpc.admin.staff.schedule.save.useMutation()
  return {
    action: (v: { schedule: Doc | string }) => save.mutateAsync(v),
    onDone: (data: Awaited<ReturnType<typeof save.mutateAsync>>) =>
      utils.admin.staff.schedule.get.setData(undefined, data),
  }
}

type WeekValues = { week: Week } & Record<string, unknown>

function weekValues(doc: Doc | null, staff: readonly { id: number }[]): WeekValues {
  // Every cell of every row is a value of the form ('' for a day off), so each input has its field
  // (and a staff id, a number, never becomes a list index).
  const week: Week = { ...weekOf(doc) }
  for (const { id } of staff) week[id] = Object.fromEntries(WEEK_DAYS.map((d) => [d, week[id]?.[d] ?? '']))
  return { ...(doc && !Array.isArray(doc) ? doc : {}), week }
}

/** The week as saved: empty cells are days off, dropped, so the document holds only working hours. */
function cleanWeek(week: Week): Week {
  const clean: Week = {}
  for (const [id, days] of Object.entries(week)) {
    const kept = Object.entries(days).flatMap(([d, v]) => (v?.trim() ? [[d, v.trim()]] : []))
    if (kept.length) clean[id] = Object.fromEntries(kept)
  }
  return clean
}

function WeekGrid({ doc }: { doc: Doc | null }) {
  const pt = usePT()
  const staff = trpc.admin.staff.list.useQuery({ page: 1 })
  return (
    <Card title={pt('s.week')} testId="schedule-week">
      {/* The form starts from the stored document, again whenever it is saved (here or as JSON). */}
      {!staff.data ? (
        <Loading text={pt('panel.loading')} />
      ) : (
        <WeekForm key={JSON.stringify(doc)} doc={doc} rows={staff.data.items} />
      )}
    </Card>
  )
}

function WeekForm({ doc, rows }: { doc: Doc | null; rows: readonly { id: number; name: string }[] }) {
  const pt = usePT()
  const save = useSave()
  const defaults = { schedule: weekValues(doc, rows) }
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZScheduleSave), {
    defaults,
    action: ({ schedule }) => save.action({ schedule: { ...schedule, week: cleanWeek(schedule.week) } }),
    success: pt('p.saved'),
    onDone: save.onDone,
  })
  const cell = (id: number, d: Day) => `schedule.week.${id}.${d}` as const
  return (
    <Form form={form} onSubmit={submit} className="">
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm" aria-label={pt('s.week')}>
          <thead className="text-xs text-slate-500 uppercase">
            <tr>
              <th scope="col" className="border-b border-slate-200 px-2 py-1.5 text-left font-semibold">
                {pt('s.staff')}
              </th>
              {WEEK_DAYS.map((d) => (
                <th key={d} scope="col" className="border-b border-slate-200 px-1 py-1.5 text-center font-semibold">
                  {pt(`s.day.${d}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="px-2 py-1 text-left font-medium whitespace-nowrap text-slate-900">
                  {r.name}
                </th>
                {WEEK_DAYS.map((d) => (
                  <td key={d} className="px-1 py-1">
                    <input
                      aria-label={`${r.name}, ${pt(`s.day.${d}`)}`}
                      // The stored value as the input's initial one (its attribute too).
                      defaultValue={defaults.schedule.week[r.id]?.[d] ?? ''}
                      maxLength={40}
                      {...form.register(cell(r.id, d))}
                      className="w-full min-w-16 rounded border border-slate-300 px-1.5 py-1 text-center text-sm tabular-nums outline-none focus:border-slate-500 focus:ring-2 focus:ring-slate-300"
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-500">{pt('s.cell_hint')}</p>
      <FieldError id="schedule-week-error" message={errorAt(form.formState.errors, 'schedule')} size="sm" />
      <Button size="sm" type="submit" variant="primary" className="mt-3" disabled={pending}>
        {pt('p.save')}
      </Button>
    </Form>
  )
}

function JsonEditor({ doc }: { doc: Doc | null }) {
  return <JsonForm key={JSON.stringify(doc)} doc={doc} />
}

function JsonForm({ doc }: { doc: Doc | null }) {
  const pt = usePT()
  const { tr } = useSite()
  const save = useSave()
  // The schema reads the text as JSON and takes an object or an array; the server parses it again.
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZScheduleSave), {
    defaults: { schedule: pretty(doc) },
    action: save.action,
    success: pt('p.saved'),
    onDone: save.onDone,
  })
  const error = errorAt(form.formState.errors, 'schedule')

  return (
    <Card title={pt('s.json')} className="mt-4">
      <Form form={form} onSubmit={submit} className="flex flex-col gap-2">
        <label htmlFor="schedule-json" className="sr-only">
          JSON
        </label>
        <textarea
          id="schedule-json"
          rows={12}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby="schedule-hint"
          {...form.register('schedule')}
          className="w-full rounded-md border border-slate-300 bg-slate-950 px-3 py-2 font-mono text-sm text-slate-100 outline-none focus:ring-2 focus:ring-slate-400 aria-[invalid=true]:border-red-600"
        />
        {/* The schema's one rule here is "a JSON object or array": its refusal in this field's words. */}
        <p id="schedule-hint" className={`text-sm ${error ? 'text-red-700' : 'text-slate-500'}`}>
          {error === '@validation.invalid' ? pt('s.invalid_json') : error ? tr(error) : pt('s.hint')}
        </p>
        <div className="flex gap-2">
          <Button size="sm" type="submit" variant="primary" disabled={pending}>
            {pt('p.save')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              const value = parse(form.getValues('schedule'))
              if (value) form.setValue('schedule', pretty(value))
              else form.setError('schedule', { type: 'format', message: '@validation.invalid' }, { shouldFocus: true })
            }}
          >
            {pt('s.format')}
          </Button>
        </div>
      </Form>
    </Card>
  )
}
