// zod only: the answers of the public reference reads (docs/api.md#public-reads, #other-public-calls), for their
// `.output()`: the search form's filter options, the location tree and the tutor profile resources.
import { z } from 'zod'
import { zPaged } from '../answer-parts'

/** A search-form option: the alias twice (value, alias), its catalogue link and its name (text). */
export const ZFilterOption = z.strictObject({
  value: z.string(),
  alias: z.string(),
  link: z.string(),
  text: z.string(),
  id: z.number(),
})
export const ZFilterOptions = z.array(ZFilterOption)
/** /client/all_districts: a district (flagged so the form can group) with its subdistricts. */
export const ZDistrictOptions = z.array(
  ZFilterOption.extend({ district: z.literal(true), subdistricts: ZFilterOptions }),
)
/** /client/all_tags(_online): a page of subjects with the number of tutors listed for each. */
export const ZTagsAnswer = zPaged(ZFilterOption.extend({ count: z.number() }))

export const ZRegionsAnswer = z.array(z.strictObject({ id: z.number(), alias: z.string(), name: z.string() }))

/** A location tree entry (docs/product.md#3-entities-and-their-fields). */
const location = {
  id: z.number(),
  name: z.string(),
  region_id: z.number().nullable(),
  active: z.boolean(),
  alias: z.string(),
  text: z.string(),
}
export const ZCitiesAnswer = z.array(z.strictObject(location))
export const ZCityDistrictsAnswer = z.array(
  z.strictObject({
    ...location,
    city_id: z.number(),
    subdistricts: z.array(z.strictObject({ ...location, district_id: z.number() })),
  }),
)

const brief = { id: z.number(), name: z.string(), alias: z.string() }
/** /api/resources/tutor_profile: only the parts asked for (`types`) are present. */
export const ZTutorProfileResources = z.strictObject({
  lessons: z
    .array(
      z.strictObject({ ...brief, school: z.boolean(), popular: z.boolean(), levels: z.array(z.strictObject(brief)) }),
    )
    .optional(),
  cities: z
    .array(
      z.strictObject({
        ...brief,
        region_id: z.number().nullable(),
        districts: z.array(z.strictObject({ ...brief, subdistricts: z.array(z.strictObject(brief)) })),
      }),
    )
    .optional(),
  rates: z
    .array(
      z.strictObject({ id: z.number(), name: z.string(), min_price: z.number(), max_price: z.number().nullable() }),
    )
    .optional(),
})
