// The level test's question bank for staff (panel area `examination_tests`; our /admin paths, docs/decisions.md):
// list by section with paging, read, create, save and delete questions (audited). A question has 2..6
// non-empty options and its correct one among them; a reading question names an existing text, the
// other sections none. Attempts already started keep their own key (server/domain/content/level-test.ts).
import { sql } from 'kysely'
import { FieldErrors, notFound } from '../../../common/errors'
import type { LevelTestSection } from '../../../common/level-test'
import type { BankQuestion, TQuestionFields } from '../../../common/schemas/public/examination.schema'
import { jsonb } from '../../../db/jsonb'
import { msg } from '../../../i18n/format'
import { type Executor, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'

const PAGE = 20

function base(db: Executor) {
  return db
    .selectFrom('examination_questions as q')
    .leftJoin('examination_texts as t', 't.id', 'q.related_text_id')
    .select([
      'q.id',
      'q.related_section',
      'q.related_text_id',
      't.title as text_title',
      'q.question',
      'q.options',
      'q.correct_answer',
      'q.active',
      'q.updated_at',
    ])
}
type Row = {
  id: number
  related_section: string
  related_text_id: number | null
  text_title: string | null
  question: string
  options: unknown
  correct_answer: number
  active: boolean
  updated_at: Date
}
const answer = (r: Row): BankQuestion => ({
  id: r.id,
  related_section: r.related_section as LevelTestSection,
  related_text_id: r.related_text_id,
  text_title: r.text_title,
  question: r.question,
  options: Array.isArray(r.options) ? r.options.map(String) : [],
  correct_answer: r.correct_answer,
  active: r.active,
  updated_at: r.updated_at.toISOString(),
})

/** GET /admin/examination_questions/get?page&section */
export async function listQuestions(scope: Scope, input: { page: number; section?: LevelTestSection | undefined }) {
  let q = base(scope.db)
  if (input.section) q = q.where('q.related_section', '=', input.section)
  const [rows, counts, texts] = await Promise.all([
    q
      .orderBy('q.related_section')
      .orderBy('q.related_text_id')
      .orderBy('q.sort')
      .orderBy('q.id')
      .limit(PAGE)
      .offset((input.page - 1) * PAGE)
      .execute(),
    scope.db
      .selectFrom('examination_questions')
      .select(['related_section', sql<number>`count(*)::int`.as('n')])
      .groupBy('related_section')
      .execute(),
    scope.db.selectFrom('examination_texts').select(['id', 'title']).orderBy('id').execute(),
  ])
  const n = (s: LevelTestSection) => counts.find((c) => c.related_section === s)?.n ?? 0
  const total = input.section ? n(input.section) : n('grammar') + n('vocabulary') + n('reading')
  return {
    items: rows.map((r) => answer(r as Row)),
    total,
    page: input.page,
    counts: { grammar: n('grammar'), vocabulary: n('vocabulary'), reading: n('reading') },
    texts,
  }
}

async function readRow(db: Executor, id: number): Promise<Row> {
  const row = await base(db).where('q.id', '=', id).executeTakeFirst()
  if (!row) throw notFound()
  return row as Row
}

/** GET /admin/examination_question/get?id */
export async function getQuestion(scope: Scope, input: { id: number }) {
  return answer(await readRow(scope.db, input.id))
}

async function checked(db: Executor, f: TQuestionFields) {
  const errors: Record<string, string[]> = {}
  const options = f.options.map((o) => o.trim())
  options.forEach((o, i) => {
    if (!o) errors[`options.${i}`] = [msg('validation.required')]
  })
  if (options.length < 2) errors.options = [msg('validation.invalid')]
  if (f.correct_answer >= options.length) errors.correct_answer = [msg('validation.invalid')]
  let textId: number | null = null
  if (f.related_section === 'reading') {
    if (!f.related_text_id) errors.related_text_id = [msg('validation.required')]
    else if (
      !(await db.selectFrom('examination_texts').select('id').where('id', '=', f.related_text_id).executeTakeFirst())
    )
      errors.related_text_id = [msg('validation.invalid')]
    else textId = f.related_text_id
  }
  if (Object.keys(errors).length) throw new FieldErrors(errors)
  return {
    related_section: f.related_section,
    related_text_id: textId,
    question: f.question,
    options: jsonb(options),
    correct_answer: f.correct_answer,
  }
}

/** POST /admin/examination_question/create {question} */
export async function createQuestion(scope: Scope, input: { question: TQuestionFields }) {
  return scope.db.transaction().execute(async (trx) => {
    const values = await checked(trx, input.question)
    const { id } = await trx
      .insertInto('examination_questions')
      .values({ ...values, active: input.question.active ?? true })
      .returning('id')
      .executeTakeFirstOrThrow()
    await audit(trx, scope.actor, {
      action: 'examination_question.create',
      entity: 'examination_question',
      id,
      data: { section: values.related_section },
    })
    return answer(await readRow(trx, id))
  })
}

/** POST /admin/examination_question/save {id, question} */
export async function saveQuestion(scope: Scope, input: { id: number; question: TQuestionFields }) {
  return scope.db.transaction().execute(async (trx) => {
    const before = await readRow(trx, input.id)
    const values = await checked(trx, input.question)
    await trx
      .updateTable('examination_questions')
      .set({ ...values, active: input.question.active ?? before.active, updated_at: sql<Date>`now()` })
      .where('id', '=', input.id)
      .execute()
    await audit(trx, scope.actor, {
      action: 'examination_question.save',
      entity: 'examination_question',
      id: input.id,
      data: { correct_answer: values.correct_answer, was: before.correct_answer },
    })
    return answer(await readRow(trx, input.id))
  })
}

/** POST /admin/examination_question/delete?id */
export async function deleteQuestion(scope: Scope, input: { id: number }) {
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('examination_questions')
      .where('id', '=', input.id)
      .returning('id')
      .executeTakeFirst()
    if (!row) throw notFound()
    await audit(trx, scope.actor, {
      action: 'examination_question.delete',
      entity: 'examination_question',
      id: row.id,
      data: {},
    })
    return { deleted: true as const }
  })
}
