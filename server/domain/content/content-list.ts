// The shape every staff content list shares (news and their categories, static pages, vacancies,
// videos, site blocks): one page of the edition's rows with the count of all the filters keep, one row
// read (and locked) by id within the edition — another edition's id is a 404 —, active ⇄ inactive and
// delete, each audited in the transaction that makes the change. The services keep their own rules
// (drafts, aliases, caches) and call these for the parts that are the same everywhere.
import { type SelectQueryBuilder, sql } from 'kysely'
import { notFound } from '../../../common/errors'
import type { DB } from '../../../db/types'
import { type Executor, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'

/** Edition content tables: each has `id`, `edition`, `active` and `updated_at`. */
export type ContentTable = 'news' | 'news_categories' | 'static_pages' | 'site_blocks' | 'videos' | 'vacancies'

/** A column of any of them: each service passes its own table's (its `Row` interface describes them). */
type Columns = ReadonlyArray<{ [T in ContentTable]: keyof DB[T] & string }[ContentTable]>

/** What the audit entry of a change says, given the row as the change left it. */
interface AuditOf<Row> {
  action: string
  entity: string
  data: (row: Row) => Record<string, unknown>
}

/**
 * One page of a list: `filtered` is the query with its where clauses, `rows` adds the columns and the
 * order; the count runs on `filtered` beside it.
 */
export async function pageOf<D, TB extends keyof D, O0, O>(
  filtered: SelectQueryBuilder<D, TB, O0>,
  opts: { page: number; perPage: number; rows: (q: SelectQueryBuilder<D, TB, O0>) => SelectQueryBuilder<D, TB, O> },
): Promise<{ rows: O[]; total: number }> {
  const [rows, total] = await Promise.all([
    opts
      .rows(filtered)
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
      .execute(),
    filtered.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: (total as { n: number }).n }
}

/** One row of the edition by id (locked for update when asked); unknown or another edition's: 404. */
export async function readContentRow<Row>(
  db: Executor,
  scope: Scope,
  { table, columns, id, lock = false }: { table: ContentTable; columns: Columns; id: number; lock?: boolean },
): Promise<Row> {
  let q = db
    .selectFrom(table)
    .select(columns as ReadonlyArray<'id'>)
    .where('id', '=', id)
    .where('edition', '=', scope.edition.code)
  if (lock) q = q.forUpdate()
  const row = await q.executeTakeFirst()
  if (!row) throw notFound()
  // The caller's Row describes exactly the columns it passed.
  return row as unknown as Row
}

/**
 * Active ⇄ inactive in one transaction: locks the row, flips it, audits it; `answer` builds the reply
 * inside the same transaction (some need other rows, e.g. a category's news count).
 */
export function toggleActive<Row extends { id: number; active: boolean }, A>(
  scope: Scope,
  opts: {
    table: ContentTable
    columns: Columns
    id: number
    audit: AuditOf<Row>
    answer: (row: Row, trx: Executor) => A | Promise<A>
  },
): Promise<A> {
  return scope.db.transaction().execute(async (trx) => {
    const before = await readContentRow<Row>(trx, scope, {
      table: opts.table,
      columns: opts.columns,
      id: opts.id,
      lock: true,
    })
    const row = (await trx
      .updateTable(opts.table)
      .set({ active: !before.active, updated_at: sql<Date>`now()` })
      .where('id', '=', opts.id)
      .returning(opts.columns as ReadonlyArray<'id'>)
      .executeTakeFirstOrThrow()) as unknown as Row
    await audit(trx, scope.actor, {
      action: opts.audit.action,
      entity: opts.audit.entity,
      id: row.id,
      data: opts.audit.data(row),
    })
    return opts.answer(row, trx)
  })
}

/** Deletes one row of the edition and audits what `returning` read of it; unknown: 404. */
export function deleteContentRow<Row extends { id: number }>(
  scope: Scope,
  opts: { table: ContentTable; id: number; returning: Columns; audit: AuditOf<Row> },
): Promise<{ deleted: true }> {
  return scope.db.transaction().execute(async (trx) => {
    const row = (await trx
      .deleteFrom(opts.table)
      .where('id', '=', opts.id)
      .where('edition', '=', scope.edition.code)
      .returning(opts.returning as ReadonlyArray<'id'>)
      .executeTakeFirst()) as unknown as Row | undefined
    if (!row) throw notFound()
    await audit(trx, scope.actor, {
      action: opts.audit.action,
      entity: opts.audit.entity,
      id: row.id,
      data: opts.audit.data(row),
    })
    return { deleted: true as const }
  })
}
