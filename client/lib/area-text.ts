// The translator of a signed-in area (i18n/areas/): suspends once while the area's catalog for the
// page's language downloads, then translates synchronously. Page-catalog keys stay on useSite().t.
import { use, useMemo } from 'react'
import { type AreaKey, type AreaName, loadAreaCatalog } from '../../i18n/areas'
import { type Params, fill } from '../../i18n/format'
import type { Locale } from '../../common/editions'
import { useSite } from './site'

export type AreaText<A extends AreaName> = (key: AreaKey<A>, params?: Params) => string

export function useAreaText<A extends AreaName>(area: A, locale?: Locale): AreaText<A> {
  const site = useSite()
  const catalog = use(loadAreaCatalog(area, locale ?? site.locale))
  return useMemo(() => (key: AreaKey<A>, params?: Params) => fill(catalog[key] ?? key, params), [catalog])
}
