// Vacancies (docs/api.md#public-reads `vacancy/get`, `vacancies/get`). The spec has no
// staff calls for them: ours (docs/decisions.md) live in the panel area `static_pages` (/panel/pages_show) —
// list, read, create, save, delete, audited. Title, HTML text (sanitised on save and on every public
// read) and city per language; employment kind (schema.org values) and remote work. The public reads
// answer active vacancies only; an inactive or unknown one is a 404.
import { sql } from 'kysely'
import { FieldErrors, addFieldError, notFound } from '../../../common/errors'
import type { EditionCode } from '../../../common/editions'
import {
  VACANCIES_PER_PAGE,
  type PublicVacancy,
  type TVacancyFields,
  type Vacancy,
} from '../../../common/schemas/admin/videos.schema'
import { msg } from '../../../i18n/format'
import { type Executor, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { jsonb } from '../../../db/jsonb'
import { sanitizeRichText } from './sanitize'
import { deleteContentRow, pageOf, readContentRow } from './content-list'
import { type Texts, mergeTexts, pick, plain, publicLocale, texts } from './texts'

const COLUMNS = [
  'id',
  'edition',
  'titles',
  'texts',
  'cities',
  'employment',
  'remote',
  'sort',
  'active',
  'created_at',
  'updated_at',
] as const
interface Row {
  id: number
  edition: string
  titles: unknown
  texts: unknown
  cities: unknown
  employment: string
  remote: boolean
  sort: number
  active: boolean
  created_at: Date
  updated_at: Date
}

const answer = (r: Row): Vacancy => ({
  id: r.id,
  edition: r.edition as EditionCode,
  titles: texts(r.titles),
  texts: texts(r.texts),
  cities: texts(r.cities),
  employment: r.employment as Vacancy['employment'],
  remote: r.remote,
  sort: r.sort,
  active: r.active,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
})

const STAFF_PAGE = 20

/** GET /admin/vacancies/get?page (our path) */
export async function listVacancies(scope: Scope, input: { page: number }) {
  const { rows, total } = await pageOf(scope.db.selectFrom('vacancies').where('edition', '=', scope.edition.code), {
    page: input.page,
    perPage: STAFF_PAGE,
    rows: (q) => q.select(COLUMNS).orderBy('sort').orderBy('id', 'desc'),
  })
  return { items: rows.map(answer), total, page: input.page }
}

const readRow = (db: Executor, scope: Scope, { id, lock = false }: { id: number; lock?: boolean }) =>
  readContentRow<Row>(db, scope, { table: 'vacancies', columns: COLUMNS, id, lock })

/** GET /admin/vacancy/get?id (our path) */
export async function getVacancy(scope: Scope, input: { id: number }): Promise<Vacancy> {
  return answer(await readRow(scope.db, scope, { id: input.id }))
}

interface Draft {
  titles: Texts
  texts: Texts
  cities: Texts
  employment: string
  remote: boolean
  sort: number
  active: boolean
}

function draftOf(scope: Scope, input: TVacancyFields, before: Row | null): Draft {
  const errors: Record<string, string[]> = {}
  const draft: Draft = {
    titles: mergeTexts(scope, { field: 'titles', before: before?.titles, given: input.titles, clean: plain, errors }),
    texts: mergeTexts(scope, {
      field: 'texts',
      before: before?.texts,
      given: input.texts,
      clean: sanitizeRichText,
      errors,
    }),
    cities: mergeTexts(scope, { field: 'cities', before: before?.cities, given: input.cities, clean: plain, errors }),
    employment: input.employment ?? before?.employment ?? 'PART_TIME',
    remote: input.remote ?? before?.remote ?? false,
    sort: input.sort ?? before?.sort ?? 0,
    active: input.active ?? before?.active ?? true,
  }
  const def = scope.edition.defaultLocale
  if (!draft.titles[def]) addFieldError(errors, `titles.${def}`, msg('validation.required'))
  if (!draft.texts[def]) addFieldError(errors, `texts.${def}`, msg('validation.required'))
  if (Object.keys(errors).length) throw new FieldErrors(errors)
  return draft
}

const values = (d: Draft) => ({
  titles: jsonb(d.titles),
  texts: jsonb(d.texts),
  cities: jsonb(d.cities),
  employment: d.employment,
  remote: d.remote,
  sort: d.sort,
  active: d.active,
})

/** POST /admin/vacancy/create {vacancy} (our path) */
export async function createVacancy(scope: Scope, input: { vacancy: TVacancyFields }): Promise<Vacancy> {
  const draft = draftOf(scope, input.vacancy, null)
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('vacancies')
      .values({ edition: scope.edition.code, ...values(draft) })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()
    await audit(trx, scope.actor, {
      action: 'vacancy.create',
      entity: 'vacancy',
      id: row.id,
      data: { active: draft.active, locales: Object.keys(draft.titles) },
    })
    return answer(row)
  })
}

/** POST /admin/vacancy/save {id, vacancy} (our path) */
export async function saveVacancy(scope: Scope, input: { id: number; vacancy: TVacancyFields }): Promise<Vacancy> {
  return scope.db.transaction().execute(async (trx) => {
    const before = await readRow(trx, scope, { id: input.id, lock: true })
    const draft = draftOf(scope, input.vacancy, before)
    const row = await trx
      .updateTable('vacancies')
      .set({ ...values(draft), updated_at: sql<Date>`now()` })
      .where('id', '=', input.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()
    await audit(trx, scope.actor, {
      action: 'vacancy.save',
      entity: 'vacancy',
      id: row.id,
      data: { active: draft.active, was_active: before.active },
    })
    return answer(row)
  })
}

/** POST /admin/vacancy/delete?id (our path) */
export function deleteVacancy(scope: Scope, input: { id: number }) {
  return deleteContentRow<{ id: number; active: boolean }>(scope, {
    table: 'vacancies',
    id: input.id,
    returning: ['id', 'active'],
    audit: { action: 'vacancy.delete', entity: 'vacancy', data: (row) => ({ was_active: row.active }) },
  })
}

function publicOne(scope: Scope, r: Row): PublicVacancy {
  const locale = publicLocale(scope)
  const def = scope.edition.defaultLocale
  return {
    id: r.id,
    locale,
    title: pick(r.titles, locale, def),
    text: sanitizeRichText(pick(r.texts, locale, def)),
    city: pick(r.cities, locale, def),
    employment: r.employment as PublicVacancy['employment'],
    remote: r.remote,
    created_at: r.created_at.toISOString(),
  }
}

/** GET /client/vacancies/get?page&lang: the open vacancies of the edition. */
export async function publicVacancies(scope: Scope, input: { page: number }) {
  const { rows, total } = await pageOf(
    scope.db.selectFrom('vacancies').where('edition', '=', scope.edition.code).where('active', '=', true),
    {
      page: input.page,
      perPage: VACANCIES_PER_PAGE,
      rows: (q) => q.select(COLUMNS).orderBy('sort').orderBy('id', 'desc'),
    },
  )
  return { items: rows.map((r) => publicOne(scope, r)), total, page: input.page, per_page: VACANCIES_PER_PAGE }
}

/** GET /client/vacancy/get?id&lang: an inactive or unknown vacancy is a 404. */
export async function publicVacancy(scope: Scope, input: { id: number }): Promise<PublicVacancy> {
  const row = await scope.db
    .selectFrom('vacancies')
    .select(COLUMNS)
    .where('id', '=', input.id)
    .where('edition', '=', scope.edition.code)
    .where('active', '=', true)
    .executeTakeFirst()
  if (!row) throw notFound()
  return publicOne(scope, row)
}
