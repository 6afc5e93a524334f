// Public reads of reference data (docs/api.md#public-reads, #other-public-calls): the search form's filter options,
// the location tree and the tutor profile form's resources. Active rows only, in the request's
// language (?lang, else the edition's default), ordered by sort then name.
import { z } from 'zod'
import { LOCALES } from '../../../common/editions'
import {
  TUTOR_PROFILE_RESOURCES,
  allCities,
  allDistricts,
  allSubjects,
  allTags,
  cities,
  cityDistricts,
  regions,
  schoolLessons,
  tutorProfileResources,
} from '../../domain/reference/public-reads'
import { zId, zPage } from '../../../common/validators'
import { t } from '../../trpc/init'
import { publicProcedure } from '../../trpc/procedures'
import {
  ZCitiesAnswer,
  ZCityDistrictsAnswer,
  ZDistrictOptions,
  ZFilterOptions,
  ZRegionsAnswer,
  ZTagsAnswer,
  ZTutorProfileResources,
} from '../../../common/schemas/public/reference.schema'

const lang = z.enum(LOCALES).optional()
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const ZLang = z.object({ lang }).optional()
const ZCityId = z.object({ lang, city_id: zId })
const ZPageOnly = z.object({ lang, page: z.preprocess(blankToUndefined, zPage) }).optional()
const ZRegion = z.object({ lang, region_id: z.preprocess(blankToUndefined, zId.optional()) }).optional()
/** `types`: some of lessons, cities, rates — a list or comma-separated text; all three when absent. */
const ZTutorProfile = z
  .object({
    lang,
    types: z.preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : blankToUndefined(v),
      z.array(z.enum(TUTOR_PROFILE_RESOURCES)).min(1).optional(),
    ),
  })
  .optional()

export const referencePublicRouter = t.router({
  /** GET /client/all_cities */
  allCities: publicProcedure
    .input(ZLang)
    .output(ZFilterOptions)
    .query(({ ctx }) => allCities(ctx.scope)),
  /** GET /client/all_subjects */
  allSubjects: publicProcedure
    .input(ZLang)
    .output(ZFilterOptions)
    .query(({ ctx }) => allSubjects(ctx.scope)),
  /** GET /client/all_districts?city_id */
  allDistricts: publicProcedure
    .input(ZCityId)
    .output(ZDistrictOptions)
    .query(({ ctx, input }) => allDistricts(ctx.scope, input)),
  /** GET /client/all_tags?page */
  allTags: publicProcedure
    .input(ZPageOnly)
    .output(ZTagsAnswer)
    .query(({ ctx, input }) => allTags(ctx.scope, { online: false, page: input?.page ?? 1 })),
  /** GET /client/all_tags_online?page */
  allTagsOnline: publicProcedure
    .input(ZPageOnly)
    .output(ZTagsAnswer)
    .query(({ ctx, input }) => allTags(ctx.scope, { online: true, page: input?.page ?? 1 })),
  /** GET /client/school_lessons */
  schoolLessons: publicProcedure
    .input(ZLang)
    .output(ZFilterOptions)
    .query(({ ctx }) => schoolLessons(ctx.scope)),
  /** GET /api/resources/regions */
  regions: publicProcedure
    .input(ZLang)
    .output(ZRegionsAnswer)
    .query(({ ctx }) => regions(ctx.scope)),
  /** GET /api/resources/cities?region_id */
  cities: publicProcedure
    .input(ZRegion)
    .output(ZCitiesAnswer)
    .query(({ ctx, input }) => cities(ctx.scope, input)),
  /** GET /api/resources/city_districts?city_id */
  cityDistricts: publicProcedure
    .input(ZCityId)
    .output(ZCityDistrictsAnswer)
    .query(({ ctx, input }) => cityDistricts(ctx.scope, input)),
  /** GET /api/resources/tutor_profile?lang&types */
  tutorProfile: publicProcedure
    .input(ZTutorProfile)
    .output(ZTutorProfileResources)
    .query(({ ctx, input }) => tutorProfileResources(ctx.scope, input)),
})
