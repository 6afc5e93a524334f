// zod only: the English level test (docs/api.md#client-level-test `examination_tests`; our paths for taking
// it, docs/decisions.md) and the staff's editing of its bank (our /admin paths). Start and attempt answers carry
// the questions and their options, never the correct answer: the server scores.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { LOCALES } from '../../editions'
import { LEVEL_BANDS, LEVEL_TEST_SECTIONS, NOT_PASSED } from '../../level-test'
import { zFlag, zId, zJsonText, zPage } from '../../validators'
import { zPaged } from '../answer-parts'

const invalid = msg('validation.invalid')
const zLang = z.enum(LOCALES, { error: invalid }).optional()
/** The attempt's secret token (32 hex digits). */
const zToken = z.string({ error: msg('validation.required') }).regex(/^[0-9a-f]{32}$/, invalid)

/** GET /client/examination_tests?query (lang, optional) */
export const ZExaminationTestsQuery = z.object({ lang: zLang, query: z.string().max(100).optional() }).optional()
export const ZExaminationTests = z.strictObject({
  items: z.array(
    z.strictObject({
      alias: z.literal('english'),
      start_path: z.string(),
      question_count: z.number(),
      sections: z.array(
        z.strictObject({ section: z.enum(LEVEL_TEST_SECTIONS), questions: z.number(), bank: z.number() }),
      ),
      bands: z.array(z.strictObject({ band: z.enum(LEVEL_BANDS), min: z.number(), max: z.number() })),
    }),
  ),
})

/** POST /client/examination_test/start {lang?} */
export const ZExaminationStart = z.object({ lang: zLang }).optional()
/** GET /client/examination_test/attempt?attempt */
export const ZExaminationAttemptQuery = z.object({ attempt: zToken, lang: zLang })
/** POST /client/examination_test/submit {attempt, answers: {question id: option index}} */
export const ZExaminationSubmit = z.object({
  attempt: zToken,
  answers: zJsonText(
    z.record(
      z.string().regex(/^\d{1,9}$/, invalid),
      z.number({ error: invalid }).int(invalid).min(0, invalid).max(9, invalid),
    ),
  ).default({}),
  lang: zLang,
})

const ZQuestion = z.strictObject({ id: z.number(), question: z.string(), options: z.array(z.string()) })
export type LevelTestQuestion = z.infer<typeof ZQuestion>
export const ZExaminationResult = z.strictObject({
  score: z.number().nullable(),
  max: z.number(),
  answered: z.number(),
  band: z.enum([...LEVEL_BANDS, NOT_PASSED]),
  passed: z.boolean(),
  /** The catalogue of English tutors at that level (null when the edition lists no English). */
  tutors_path: z.string().nullable(),
  /** Stored on the tutor's profile (signed in as a tutor and passed). */
  tutor_badge: z.boolean(),
  submitted_at: z.string(),
})
export type ExaminationResult = z.infer<typeof ZExaminationResult>
export const ZExaminationAttempt = z.strictObject({
  attempt: z.string(),
  question_count: z.number(),
  sections: z.array(
    z.strictObject({
      section: z.enum(LEVEL_TEST_SECTIONS),
      groups: z.array(
        z.strictObject({
          text: z.strictObject({ id: z.number(), title: z.string(), body: z.string() }).nullable(),
          questions: z.array(ZQuestion),
        }),
      ),
    }),
  ),
  result: ZExaminationResult.nullable(),
})
export type ExaminationAttempt = z.infer<typeof ZExaminationAttempt>

// ——— staff: the bank ———

export const QUESTION_LIMITS = { question: 500, option: 300, options: 6, title: 200, body: 5000 } as const
const zUpTo = (max: number) =>
  z
    .string({ error: invalid })
    .trim()
    .max(max, msg('validation.length', { min: 0, max }))
    .refine((v) => !v.includes('\u0000'), invalid)
const zIndex = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z
    .number({ error: invalid })
    .int(invalid)
    .min(0, invalid)
    .max(QUESTION_LIMITS.options - 1, invalid),
)
const zOptionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), zId.optional())

export const ZQuestionFields = z.object({
  related_section: z.enum(LEVEL_TEST_SECTIONS, { error: invalid }),
  /** The reading text (reading questions only). */
  related_text_id: zOptionalId,
  question: zUpTo(QUESTION_LIMITS.question).min(1, msg('validation.required')),
  options: z.array(zUpTo(QUESTION_LIMITS.option)).max(QUESTION_LIMITS.options, invalid),
  correct_answer: zIndex,
  active: zFlag.optional(),
})
export type TQuestionFields = z.output<typeof ZQuestionFields>
/** POST /admin/examination_question/create {question} */
export const ZQuestionCreate = z.object({ question: zJsonText(ZQuestionFields) })
/** POST /admin/examination_question/save {id, question} */
export const ZQuestionSave = z.object({ id: zId, question: zJsonText(ZQuestionFields) })
/** GET /admin/examination_question/get?id, POST /admin/examination_question/delete?id */
export const ZQuestionId = z.object({ id: zId })
/** GET /admin/examination_questions/get?page&section */
export const ZQuestionList = z.object({
  page: zPage,
  section: z.enum(LEVEL_TEST_SECTIONS, { error: invalid }).optional(),
})

export const ZBankQuestion = z.strictObject({
  id: z.number(),
  related_section: z.enum(LEVEL_TEST_SECTIONS),
  related_text_id: z.number().nullable(),
  text_title: z.string().nullable(),
  question: z.string(),
  options: z.array(z.string()),
  correct_answer: z.number(),
  active: z.boolean(),
  updated_at: z.string(),
})
export type BankQuestion = z.infer<typeof ZBankQuestion>
export const ZQuestionListAnswer = zPaged(ZBankQuestion).extend({
  counts: z.strictObject({ grammar: z.number(), vocabulary: z.number(), reading: z.number() }),
  texts: z.array(z.strictObject({ id: z.number(), title: z.string() })),
})
export const ZQuestionDeleted = z.strictObject({ deleted: z.literal(true) })
