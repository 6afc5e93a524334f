// Where the tutor teaches: at home and travelling to the student (each a list of city → districts →
// subdistricts), and online with the app used. The work_* flags turn each kind on. Places are
// controlled inputs over the form's arrays (see SubjectsSection for why not useFieldArray).
import type { UseFormReturn } from 'react-hook-form'
import type { TutorProfileInput } from '../../../common/schemas/tutor/profile.schema'
import { toggled } from '../../lib/lists'
import { Button } from '../../ui/Button'
import { CheckGroup, Checkbox, Select, errorAt } from '../../ui/Field'
import { TextField } from '../../ui/TextField'
import { Card } from '../../ui/Card'
import { useAreaText } from '../../lib/area-text'
import type { PlaceValue, ProfileValues } from './profile-form'

export interface CityOption {
  id: number
  name: string
  districts: { id: number; name: string; subdistricts: { id: number; name: string }[] }[]
}

type Form = UseFormReturn<ProfileValues, unknown, TutorProfileInput>
type Kind = 'locations_home' | 'locations_travel'

export function LocationsSection({ form, cities }: { form: Form; cities: CityOption[] }) {
  const at = useAreaText('account')
  const [home, travel, online] = form.watch(['work_home', 'work_travel', 'work_online'])
  const errors = form.formState.errors
  return (
    <Card title={at('account.section_locations')} id="locations">
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-3">
          <Checkbox label={at('account.work_home')} {...form.register('work_home')} />
          {home && <Places form={form} kind="locations_home" cities={cities} />}
        </div>
        <div className="flex flex-col gap-3 border-t border-slate-100 pt-4">
          <Checkbox label={at('account.work_travel')} {...form.register('work_travel')} />
          {travel && <Places form={form} kind="locations_travel" cities={cities} />}
        </div>
        <div className="flex flex-col gap-3 border-t border-slate-100 pt-4">
          <Checkbox label={at('account.work_online')} {...form.register('work_online')} />
          {online && (
            <div className="max-w-md">
              <TextField
                id="profile-online-app"
                label={at('account.online_app')}
                placeholder={at('account.online_app_hint')}
                error={errors.online_communication_app?.message}
                {...form.register('online_communication_app')}
              />
            </div>
          )}
        </div>
      </div>
    </Card>
  )
}

function Places({ form, kind, cities }: { form: Form; kind: Kind; cities: CityOption[] }) {
  const at = useAreaText('account')
  const places: PlaceValue[] = form.watch(kind) ?? []
  const errors = form.formState.errors
  const group = kind === 'locations_home' ? 'home' : 'travel'
  const update = (next: PlaceValue[]) => form.setValue(kind, next, { shouldDirty: true })
  const change = (i: number, patch: Partial<PlaceValue>) =>
    update(places.map((p, j) => (j === i ? { ...p, ...patch } : p)))
  return (
    <div className="flex flex-col gap-3 pl-6">
      {places.map((place, i) => {
        const cityId = Number(place.city ?? 0)
        const city = cities.find((c) => c.id === cityId)
        const base = `${group}-${i}`
        const shownDistricts = city ? city.districts.filter((d) => place.districts.includes(d.id)) : []
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are controlled inputs addressed by position (ids, error paths); none keeps state of its own
          <div key={i} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4" data-testid={`place-${group}`}>
            <div className="flex flex-wrap items-end gap-3">
              <div className="min-w-56 flex-1">
                <Select
                  id={`${base}-city`}
                  label={at('account.city')}
                  error={errorAt(errors, `${kind}.${i}.city`)}
                  value={cityId}
                  onChange={(e) => change(i, { city: Number(e.target.value), districts: [], subdistricts: [] })}
                  options={[
                    { value: 0, text: at('account.choose_city') },
                    ...cities.map((c) => ({ value: c.id, text: c.name })),
                  ]}
                />
              </div>
              <Button
                variant="secondary"
                onClick={() => update(places.filter((_, j) => j !== i))}
                aria-label={`${at('account.remove')}: ${city?.name ?? at('account.city')}`}
              >
                {at('account.remove')}
              </Button>
            </div>
            {city && city.districts.length > 0 && (
              <div className="mt-4 flex flex-col gap-4">
                <CheckGroup
                  legend={at('account.districts')}
                  errorId={`${base}-districts-error`}
                  error={errorAt(errors, `${kind}.${i}.districts`)}
                >
                  {city.districts.map((d) => (
                    <Checkbox
                      key={d.id}
                      label={d.name}
                      checked={place.districts.includes(d.id)}
                      onChange={(e) => {
                        // A district taken away takes its subdistricts with it.
                        const gone = new Set(e.target.checked ? [] : d.subdistricts.map((s) => s.id))
                        change(i, {
                          districts: toggled(place.districts, d.id, e.target.checked),
                          subdistricts: place.subdistricts.filter((s) => !gone.has(s)),
                        })
                      }}
                    />
                  ))}
                </CheckGroup>
                {shownDistricts.some((d) => d.subdistricts.length > 0) && (
                  <CheckGroup
                    legend={at('account.subdistricts')}
                    errorId={`${base}-subdistricts-error`}
                    error={errorAt(errors, `${kind}.${i}.subdistricts`)}
                  >
                    {shownDistricts
                      .flatMap((d) => d.subdistricts)
                      .map((sd) => (
                        <Checkbox
                          key={sd.id}
                          label={sd.name}
                          checked={place.subdistricts.includes(sd.id)}
                          onChange={(e) =>
                            change(i, { subdistricts: toggled(place.subdistricts, sd.id, e.target.checked) })
                          }
                        />
                      ))}
                  </CheckGroup>
                )}
              </div>
            )}
          </div>
        )
      })}
      <div>
        <Button
          variant="secondary"
          onClick={() => update([...places, { city: 0, districts: [], subdistricts: [] }])}
          data-testid={`add-city-${group}`}
        >
          {at('account.add_city')}
        </Button>
      </div>
    </div>
  )
}
