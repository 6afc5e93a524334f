// The English level test (docs/product.md#3-entities-and-their-fields "Level test question: id, related_section,
// related_text_id, correct_answer", docs/product.md#4-states-and-transitions bands, #9-business-constants-and-limits
// maximum 40; docs/api.md#client-level-test `examination_tests`). The bank is reference data of every
// edition (the questions are English everywhere), seeded here so the test works on a first start and in production
// (data/examination-bank.ts); staff edit it in the panel. An attempt keeps the ids it drew so the server scores it: the
// browser never receives a correct answer. A tutor's passed result is kept on the tutor (the profile badge).
import { type Kysely, sql } from 'kysely'
import { jsonb } from '../jsonb'
import { BANK_QUESTIONS, BANK_TEXTS } from './data/examination-bank'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('examination_texts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('examination_questions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('related_section', 'text', (c) =>
      c.notNull().check(sql`related_section in ('grammar', 'vocabulary', 'reading')`),
    )
    .addColumn('related_text_id', 'integer', (c) => c.references('examination_texts.id'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('options', 'jsonb', (c) => c.notNull())
    .addColumn('correct_answer', 'integer', (c) => c.notNull().check(sql`correct_answer >= 0`))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'examination_questions_reading_text',
      sql`(related_section = 'reading') = (related_text_id is not null)`,
    )
    .execute()
  await db.schema
    .createIndex('examination_questions_section_idx')
    .on('examination_questions')
    .columns(['related_section', 'active'])
    .execute()

  await db.schema
    .createTable('examination_attempts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    /** The attempt's secret name in the browser (random, 32 hex digits). */
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('edition', 'text', (c) => c.notNull())
    /** The tutor who took it, when signed in as one (their passed band goes to the profile). */
    .addColumn('tutor_id', 'integer', (c) => c.references('tutors.id'))
    .addColumn('question_ids', 'jsonb', (c) => c.notNull())
    /** The correct options at the draw, in question_ids' order (never sent; later bank edits do not change a started attempt). */
    .addColumn('correct_answers', 'jsonb', (c) => c.notNull())
    .addColumn('answers', 'jsonb')
    .addColumn('score', 'integer')
    .addColumn('band', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_at', 'timestamptz')
    .execute()

  await db.schema.alterTable('tutors').addColumn('english_level', 'text').execute()
  await db.schema.alterTable('tutors').addColumn('english_level_at', 'timestamptz').execute()

  const ids = new Map<number, number>()
  for (const t of BANK_TEXTS) {
    const row = await db
      .insertInto('examination_texts')
      .values({ title: t.title, body: t.body })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.set(t.key, row.id as number)
  }
  await db
    .insertInto('examination_questions')
    .values(
      BANK_QUESTIONS.map((q) => ({
        related_section: q.section,
        related_text_id: q.textKey === null ? null : ids.get(q.textKey)!,
        question: q.question,
        options: jsonb(q.options),
        correct_answer: q.correct,
        sort: q.sort,
      })),
    )
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tutors').dropColumn('english_level_at').execute()
  await db.schema.alterTable('tutors').dropColumn('english_level').execute()
  await db.schema.dropTable('examination_attempts').execute()
  await db.schema.dropTable('examination_questions').execute()
  await db.schema.dropTable('examination_texts').execute()
}
