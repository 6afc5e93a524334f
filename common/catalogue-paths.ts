// Catalogue paths (pure; the browser uses them too). Filter key order: online first when online,
// then the subject, the city, and the district after the city (docs/product.md#9-business-constants-and-limits).
import type { Edition } from './editions'

export interface CatalogueFilters {
  online?: boolean
  lesson?: string | null
  city?: string | null
  district?: string | null
}

export function cataloguePath(ed: Edition, f: CatalogueFilters): string {
  if (f.online) return `/${ed.onlineCatalogueAlias}/${f.lesson ? `${f.lesson}/` : ''}`
  let path = `/${ed.catalogueAlias}/`
  if (f.lesson) path += `${f.lesson}/`
  if (f.lesson && f.city) path += `${f.city}/`
  if (f.lesson && f.city && f.district) path += `${f.district}/`
  return path
}

/** Reads a catalogue path back into filters; null when the path is not a catalogue path. */
export function parseCataloguePath(ed: Edition, path: string): CatalogueFilters | null {
  const parts = path.split('/').filter(Boolean)
  const [head, ...rest] = parts
  if (head === ed.onlineCatalogueAlias && rest.length <= 1) return { online: true, lesson: rest[0] ?? null }
  if (head === ed.catalogueAlias && rest.length <= 3)
    return { online: false, lesson: rest[0] ?? null, city: rest[1] ?? null, district: rest[2] ?? null }
  return null
}
