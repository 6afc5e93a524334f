// Reference data, import support (scripts/import.ts): the same rules as the staff calls, keyed by alias.
import type { Db } from '../../../db/client'
import type { Edition } from '../../../common/editions'
import type { Actor } from '../shared/audit'
import { createIn, saveIn } from './staff'
import {
  KIND,
  namesOf,
  type ReferenceFields,
  type ReferenceKind,
  type ReferenceScope,
  mapWriteErrors,
  normaliseAlias,
  rows,
} from './reference'

// ---------------------------------------------------------------------------------------------
// Import support (scripts/import.ts): the same rules, keyed by alias.

/** The import's scope: the database, the edition, the language of names read back, the system as actor. */
export interface ImportScope extends ReferenceScope {
  db: Db
  actor: Actor
}

/** The id of the row with this alias (within a parent for districts, subdistricts and levels), or null. */
export async function findReferenceId(
  db: Db,
  {
    edition: ed,
    kind,
    alias,
    parentId = null,
  }: { edition: Edition; kind: ReferenceKind; alias: string; parentId?: number | null },
): Promise<number | null> {
  let q = rows(db, kind, ed).select('r.id').where('r.alias', '=', normaliseAlias(alias))
  if (KIND[kind].aliasScope === 'parent') q = q.where('r.parent_id', '=', parentId)
  return (await q.executeTakeFirst())?.id ?? null
}

export async function findRegionId(db: Db, ed: Edition, alias: string): Promise<number | null> {
  return (
    (
      await db
        .selectFrom('regions')
        .select('id')
        .where('edition', '=', ed.code)
        .where('alias', '=', normaliseAlias(alias))
        .executeTakeFirst()
    )?.id ?? null
  )
}

/**
 * Inserts the row with this alias (in its parent) or updates it when something differs. Names are
 * merged into the stored ones (a locale missing from the input keeps its name).
 */
export async function upsertReference(
  at: ImportScope,
  { kind, fields }: { kind: ReferenceKind; fields: ReferenceFields },
): Promise<'imported' | 'updated' | 'unchanged'> {
  const cfg = KIND[kind]
  return mapWriteErrors(() =>
    at.db.transaction().execute(async (trx) => {
      const alias = normaliseAlias(fields.alias ?? '')
      let q = rows(trx, kind, at.edition).select(['r.id', 'r.names']).where('r.alias', '=', alias)
      if (cfg.aliasScope === 'parent') q = q.where('r.parent_id', '=', (cfg.parent && fields[cfg.parent.field]) ?? null)
      const existing = await q.executeTakeFirst()
      if (!existing) {
        await createIn(trx, at, { kind, entity: fields })
        return 'imported'
      }
      const merged = fields.names ? { ...namesOf(existing.names), ...fields.names } : undefined
      const { changed } = await saveIn(trx, at, { kind, id: existing.id, entity: { ...fields, names: merged } })
      return changed ? 'updated' : 'unchanged'
    }),
  )
}
