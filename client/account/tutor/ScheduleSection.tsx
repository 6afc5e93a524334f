// The week's free time as a grid: days × morning, day, evening. Stored as {day: [parts]}.
import type { UseFormReturn } from 'react-hook-form'
import type { TutorProfileInput } from '../../../common/schemas/tutor/profile.schema'
import { useAreaText } from '../../lib/area-text'
import { Card } from '../../ui/Card'
import { DAYS, PARTS, type ProfileValues, type Schedule } from './profile-form'

type Form = UseFormReturn<ProfileValues, unknown, TutorProfileInput>

export function ScheduleSection({ form }: { form: Form }) {
  const at = useAreaText('account')
  return (
    <Card title={at('account.section_schedule')} id="schedule">
      <p className="mb-3 text-sm text-slate-600">{at('account.schedule_hint')}</p>
      {(() => {
        const value: Schedule = form.watch('schedule') ?? {}
        const set = (day: string, part: string, on: boolean) => {
          const parts = new Set(value[day] ?? [])
          if (on) parts.add(part)
          else parts.delete(part)
          const next = { ...value, [day]: PARTS.filter((p) => parts.has(p)) }
          if (next[day]!.length === 0) delete next[day]
          form.setValue('schedule', next, { shouldDirty: true })
        }
        return (
          <div className="overflow-x-auto">
            <table className="border-separate border-spacing-1 text-sm">
              <thead>
                <tr>
                  <td />
                  {DAYS.map((d) => (
                    <th key={d} scope="col" className="w-12 text-center font-medium text-slate-600">
                      {at(`account.day_${d}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {PARTS.map((part) => (
                  <tr key={part}>
                    <th scope="row" className="pr-3 text-left font-medium text-slate-600">
                      {at(`account.part_${part}`)}
                    </th>
                    {DAYS.map((day) => {
                      const on = (value[day] ?? []).includes(part)
                      return (
                        <td key={day} className="text-center">
                          <label
                            className={`flex h-9 cursor-pointer items-center justify-center rounded-md border ${on ? 'border-brand bg-brand/15' : 'border-slate-200 bg-white hover:bg-slate-50'}`}
                          >
                            <input
                              type="checkbox"
                              className="size-4 accent-brand"
                              checked={on}
                              onChange={(e) => set(day, part, e.target.checked)}
                              aria-label={`${at(`account.day_${day}`)}, ${at(`account.part_${part}`)}`}
                            />
                          </label>
                        </td>
                      )
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      })()}
    </Card>
  )
}
