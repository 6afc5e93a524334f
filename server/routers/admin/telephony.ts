// Staff: telephony (panel area `calls`, /panel/users_incoming_calls) — docs/api.md#admin-telephony
// "Telephony". The provider's webhooks: public/integrations.ts. Rules: server/domain/telephony/.
import {
  ZCall,
  ZIncomeDeleted,
  ZIncomeId,
  ZIncomeList,
  ZIncomeListAnswer,
  ZOutcomeCallToTutor,
  ZOutcomeNew,
  ZOutcomeToIncome,
} from '../../../common/schemas/admin/telephony.schema'
import {
  deleteIncome,
  listIncomes,
  outcomeCallToTutor,
  outcomeNew,
  outcomeToIncome,
} from '../../domain/telephony/calls'
import { telephonyDeps } from '../integration-deps'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'

const calls = staffProcedure('calls')
const deps = telephonyDeps

export const telephonyAdminRouter = t.router({
  /** POST /admin/telephony/incomes/get {page, filters: {admin_id, who_calls: {recipient}}} */
  incomes: calls
    .input(ZIncomeList)
    .output(ZIncomeListAnswer)
    .query(({ ctx, input }) => listIncomes(ctx.scope, input)),
  /** POST /admin/income/delete?id */
  deleteIncome: calls
    .input(ZIncomeId)
    .output(ZIncomeDeleted)
    .mutation(({ ctx, input }) => deleteIncome(ctx.scope, input)),
  /** POST /admin/call/outcome_new {order_id, recipient, recipient_id, admin_id} */
  outcomeNew: calls
    .input(ZOutcomeNew)
    .output(ZCall)
    .mutation(({ ctx, input }) => outcomeNew(ctx.scope, input, deps(ctx))),
  /** POST /admin/call/outcome_to_income {call_id, admin_id} */
  outcomeToIncome: calls
    .input(ZOutcomeToIncome)
    .output(ZCall)
    .mutation(({ ctx, input }) => outcomeToIncome(ctx.scope, input, deps(ctx))),
  /** POST /admin/call/outcome_call_to_tutor {tutor_id} */
  outcomeCallToTutor: calls
    .input(ZOutcomeCallToTutor)
    .output(ZCall)
    .mutation(({ ctx, input }) => outcomeCallToTutor(ctx.scope, input, deps(ctx))),
})
