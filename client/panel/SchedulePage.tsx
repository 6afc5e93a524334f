// /panel/admins_schedule: the staff schedule (GET /admin/admins/schedule/get, POST …/save). The server
// keeps any JSON object or array (README, Staff tools). The panel's own shape, where the spec is silent:
// `week` maps a staff id to its hours per weekday ({"week": {"3": {"mon": "9–18", …}}}); the week grid
// edits that part and keeps every other key. The whole document stays editable as JSON below.
import { useEffect, useState } from 'react'
import { showError, showSuccess } from '../components/ui/StatusBanner'
import { fieldErrorsOf } from '../lib/api-errors'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { Card, Loading, PageTitle, PanelButton, dateTime, useLocale, usePT } from './kit'

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
  const locale = useLocale()
  const schedule = trpc.admin.staff.schedule.get.useQuery()
  if (!schedule.data) return schedule.isError ? <p className="text-red-700">{pt('p.error')}</p> : <Loading pt={pt} />
  const { updated_at, updated_by } = schedule.data
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <p data-testid="schedule-updated" className="mb-4 text-sm text-slate-600">
        {updated_at ? pt('s.updated', { when: dateTime(updated_at, locale), name: updated_by?.name ?? '' }) : pt('s.never')}
      </p>
      <WeekGrid doc={(schedule.data.schedule as Doc | null) ?? null} />
      <JsonEditor doc={(schedule.data.schedule as Doc | null) ?? null} />
    </>
  )
}

function useSave(onError?: (e: unknown) => void) {
  const pt = usePT()
  const utils = trpc.useUtils()
  return trpc.admin.staff.schedule.save.useMutation({
    onSuccess: (data) => {
      utils.admin.staff.schedule.get.setData(undefined, data)
      showSuccess(pt('p.saved'))
    },
    onError: (e) => {
      showError(e)
      onError?.(e)
    },
  })
}

function WeekGrid({ doc }: { doc: Doc | null }) {
  const pt = usePT()
  const staff = trpc.admin.staff.list.useQuery({ page: 1 })
  const [week, setWeek] = useState<Week>(() => weekOf(doc))
  useEffect(() => setWeek(weekOf(doc)), [doc])
  const save = useSave()
  const rows = staff.data?.items ?? []
  const set = (id: number, day: Day, value: string) => setWeek((w) => ({ ...w, [id]: { ...w[id], [day]: value } }))

  return (
    <Card title={pt('s.week')} testId="schedule-week">
      {!staff.data ? (
        <Loading pt={pt} />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            // Empty cells are days off: dropped, so the document holds only working hours.
            const clean: Week = {}
            for (const [id, days] of Object.entries(week)) {
              const kept = Object.fromEntries(Object.entries(days).filter(([, v]) => v?.trim())) as Partial<Record<Day, string>>
              if (Object.keys(kept).length) clean[id] = Object.fromEntries(Object.entries(kept).map(([d, v]) => [d, v!.trim()]))
            }
            const base = doc && !Array.isArray(doc) ? doc : {}
            save.mutate({ schedule: { ...base, week: clean } })
          }}
        >
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
                          value={week[r.id]?.[d] ?? ''}
                          maxLength={40}
                          onChange={(e) => set(r.id, d, e.target.value)}
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
          <PanelButton type="submit" tone="primary" className="mt-3" disabled={save.isPending}>
            {pt('p.save')}
          </PanelButton>
        </form>
      )}
    </Card>
  )
}

function JsonEditor({ doc }: { doc: Doc | null }) {
  const pt = usePT()
  const { tr } = useSite()
  const [text, setText] = useState(() => pretty(doc))
  const [error, setError] = useState<string>()
  useEffect(() => setText(pretty(doc)), [doc])
  const save = useSave((e) => setError(fieldErrorsOf(e)?.schedule?.[0]))

  return (
    <Card title={pt('s.json')} className="mt-4">
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          const value = parse(text)
          if (!value) return setError(pt('s.invalid_json'))
          setError(undefined)
          save.mutate({ schedule: value as Record<string, unknown> })
        }}
      >
        <label htmlFor="schedule-json" className="sr-only">
          JSON
        </label>
        <textarea
          id="schedule-json"
          rows={12}
          spellCheck={false}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby="schedule-hint"
          onChange={(e) => setText(e.target.value)}
          className="w-full rounded-md border border-slate-300 bg-slate-950 px-3 py-2 font-mono text-sm text-slate-100 outline-none focus:ring-2 focus:ring-slate-400 aria-[invalid=true]:border-red-600"
        />
        <p id="schedule-hint" className={`text-sm ${error ? 'text-red-700' : 'text-slate-500'}`}>
          {error ? tr(error) : pt('s.hint')}
        </p>
        <div className="flex gap-2">
          <PanelButton type="submit" tone="primary" disabled={save.isPending}>
            {pt('p.save')}
          </PanelButton>
          <PanelButton
            onClick={() => {
              const value = parse(text)
              if (value) setText(pretty(value))
              else setError(pt('s.invalid_json'))
            }}
          >
            {pt('s.format')}
          </PanelButton>
        </div>
      </form>
    </Card>
  )
}
