// Staff: the level test's question bank (panel area `examination_tests`; our /admin paths, docs/decisions.md).
// Rules: server/domain/content/level-test-bank.ts.
import {
  ZBankQuestion,
  ZQuestionCreate,
  ZQuestionDeleted,
  ZQuestionId,
  ZQuestionList,
  ZQuestionListAnswer,
  ZQuestionSave,
} from '../../../common/schemas/public/examination.schema'
import {
  createQuestion,
  deleteQuestion,
  getQuestion,
  listQuestions,
  saveQuestion,
} from '../../domain/content/level-test-bank'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'

const bank = staffProcedure('examination_tests')

export const levelTestAdminRouter = t.router({
  /** GET /admin/examination_questions/get?page&section */
  list: bank
    .input(ZQuestionList)
    .output(ZQuestionListAnswer)
    .query(({ ctx, input }) => listQuestions(ctx.scope, input)),
  /** GET /admin/examination_question/get?id */
  get: bank
    .input(ZQuestionId)
    .output(ZBankQuestion)
    .query(({ ctx, input }) => getQuestion(ctx.scope, input)),
  /** POST /admin/examination_question/create {question} */
  create: bank
    .input(ZQuestionCreate)
    .output(ZBankQuestion)
    .mutation(({ ctx, input }) => createQuestion(ctx.scope, input)),
  /** POST /admin/examination_question/save {id, question} */
  save: bank
    .input(ZQuestionSave)
    .output(ZBankQuestion)
    .mutation(({ ctx, input }) => saveQuestion(ctx.scope, input)),
  /** POST /admin/examination_question/delete?id */
  delete: bank
    .input(ZQuestionId)
    .output(ZQuestionDeleted)
    .mutation(({ ctx, input }) => deleteQuestion(ctx.scope, input)),
})
