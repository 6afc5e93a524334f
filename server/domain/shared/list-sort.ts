// A staff list's order from its `sort` / `dir` input (common/validators.ts zListSort): the column the
// key names, the direction, and the row id as the tiebreak in the same direction, so paging is stable
// when many rows share a value. Without a key the list keeps its own default order.
import { type Expression, sql } from 'kysely'

export type SortDir = 'asc' | 'desc'

export interface ListOrder {
  by: Expression<unknown>
  dir: SortDir
}

/**
 * `columns`: each allowed key's column (`'t.name'`) or expression. A key given without `dir` is sorted
 * descending, as every list's default order is (docs/decisions.md).
 */
export function listOrder<K extends string>(
  columns: Record<K, string | Expression<unknown>>,
  input: { sort?: K; dir?: SortDir },
  fallback: { sort: K; dir: SortDir },
): ListOrder {
  const c = columns[input.sort ?? fallback.sort]
  return { by: typeof c === 'string' ? sql.ref(c) : c, dir: input.dir ?? fallback.dir }
}
