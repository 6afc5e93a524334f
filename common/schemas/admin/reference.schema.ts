// zod only: the inputs of the reference-data calls (cities, districts, subdistricts, lessons, levels),
// shared by the procedures and the panel's forms. Shapes and types are checked here; the rules that
// need the edition or the database (alias pattern and uniqueness, default-locale name, parent,
// references) are checked once, in server/domain/reference/reference.ts.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { zFlag, zId, zJsonText, zPage } from '../../validators'
import { LOCALES } from '../../editions'
import { zPaged } from '../answer-parts'

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const zOptionalId = z.preprocess(blankToUndefined, zId.optional())
/** A city's region: an id, or null / empty to clear it. */
const zNullableId = z.preprocess((v) => (v === '' || v === 'null' ? null : v), zId.nullable()).optional()
const zOptionalFlag = z.preprocess(blankToUndefined, zFlag.optional())
/** change_checkout's value: 0 or 1 (true/false accepted). */
export const zBit = z.preprocess(
  (v) => {
    if (v === 1 || v === '1' || v === 'true') return true
    if (v === 0 || v === '0' || v === 'false') return false
    return v
  },
  z.boolean({ error: msg('validation.invalid') }),
)

/** {locale: name}; a JSON text is accepted too (form posts). */
const zNames = zJsonText(z.record(z.string(), z.string()))

const common = {
  /** Read-only beside `{kind}_id`. */
  id: zOptionalId,
  alias: z.string().max(200).optional(),
  names: zNames.optional(),
  /** The spec's field: one string, the edition's default-locale name (used where `names` has none for that locale). */
  name: z.string().optional(),
  active: zOptionalFlag,
  sort: z.preprocess(blankToUndefined, z.coerce.number().int().optional()),
}
const text = z.string().optional()

export const ZCity = z.object({ ...common, text, region_id: zNullableId, popular: zOptionalFlag })
export const ZDistrict = z.object({ ...common, text, city_id: zOptionalId })
export const ZSubdistrict = z.object({ ...common, text, district_id: zOptionalId })
export const ZLesson = z.object({ ...common, text, popular: zOptionalFlag, school: zOptionalFlag })
export const ZLevel = z.object({ ...common, lesson_id: zOptionalId })

export type TCity = z.input<typeof ZCity>
export type TDistrict = z.input<typeof ZDistrict>
export type TSubdistrict = z.input<typeof ZSubdistrict>
export type TLesson = z.input<typeof ZLesson>
export type TLevel = z.input<typeof ZLevel>

/**
 * The four call shapes of a kind, each turned into one form for the procedure:
 *   create  {city: JSON text}                          → {entity}
 *   save    {city: JSON text, city_id?} (or city.id)  → {id, entity}
 *   id      {city_id}                                  → {id}          (get, delete)
 *   checkout {city_id, field, value 0|1}              → {id, field, value}
 */
function inputsFor<K extends string, E extends z.ZodType<{ id?: number | undefined }>>(kind: K, entity: E) {
  const idKey = `${kind}_id` as const
  const json = zJsonText(entity)
  const create = z
    .object({ [kind]: json } as Record<K, typeof json>)
    .transform((i) => ({ entity: (i as Record<K, z.output<E>>)[kind] }))
  const save = z
    .object({ [kind]: json, [idKey]: zOptionalId } as Record<K, typeof json> & Record<`${K}_id`, typeof zOptionalId>)
    .transform((i, ctx) => {
      const entity = (i as Record<K, z.output<E>>)[kind]
      const given = (i as Record<`${K}_id`, number | undefined>)[idKey]
      const id = given ?? entity.id
      if (id === undefined) {
        ctx.addIssue({ code: 'custom', message: msg('validation.required'), path: [idKey] })
        return z.NEVER
      }
      if (given !== undefined && entity.id !== undefined && given !== entity.id) {
        ctx.addIssue({ code: 'custom', message: msg('validation.invalid'), path: [idKey] })
        return z.NEVER
      }
      return { id, entity }
    })
  const byId = z
    .object({ [idKey]: zId } as Record<`${K}_id`, typeof zId>)
    .transform((i) => ({ id: (i as Record<`${K}_id`, number>)[idKey] }))
  const checkout = z
    .object({ [idKey]: zId, field: z.string({ error: msg('validation.required') }).trim(), value: zBit } as Record<
      `${K}_id`,
      typeof zId
    > & {
      field: z.ZodString
      value: typeof zBit
    })
    .transform((i) => {
      const v = i as Record<`${K}_id`, number> & { field: string; value: boolean }
      return { id: v[idKey], field: v.field, value: v.value }
    })
  return { entity, create, save, byId, checkout }
}

export const CityInputs = inputsFor('city', ZCity)
export const DistrictInputs = inputsFor('district', ZDistrict)
export const SubdistrictInputs = inputsFor('subdistrict', ZSubdistrict)
export const LessonInputs = inputsFor('lesson', ZLesson)
export const LevelInputs = inputsFor('level', ZLevel)

export const ZReferenceFilters = z.object({
  /** Part of a name (any locale) or of the alias. */
  text: z.string().trim().max(100).optional(),
  active: zOptionalFlag,
  region_id: zOptionalId,
  city_id: zOptionalId,
  district_id: zOptionalId,
  lesson_id: zOptionalId,
})

/** Lists: GET or POST {page, filters}; filters may be an object, bracketed form fields or JSON text. */
export const ZReferenceList = z
  .object({
    page: z.preprocess(blankToUndefined, zPage),
    filters: z.preprocess(blankToUndefined, zJsonText(ZReferenceFilters).optional()),
  })
  .optional()

// ---------------------------------------------------------------------------------------------
// Answers (`.output()`): one row as the panel sees it. A field a kind does not have is absent.

export const ZReferenceEntity = z.strictObject({
  id: z.number(),
  /** In the request's locale, else the edition's default, else any. */
  name: z.string(),
  names: z.partialRecord(z.enum(LOCALES), z.string()),
  alias: z.string(),
  active: z.boolean(),
  sort: z.number(),
  text: z.string().optional(),
  region_id: z.number().nullable().optional(),
  city_id: z.number().optional(),
  district_id: z.number().optional(),
  lesson_id: z.number().optional(),
  popular: z.boolean().optional(),
  school: z.boolean().optional(),
})
/** A list row: the entity and its parent's name (kinds with a parent). */
export const ZReferenceListItem = ZReferenceEntity.extend({ parent_name: z.string().optional() })
export const ZReferenceListAnswer = zPaged(ZReferenceListItem)
export const ZReferenceDeleted = z.strictObject({ id: z.number() })
