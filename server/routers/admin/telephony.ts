// Staff: telephony (panel area `calls`, /panel/users_incoming_calls) — docs/api.md#admin-telephony
// "Telephony" — and the provider's webhooks. Rules: server/domain/telephony/.
import { zFileResponse } from '../../../common/schemas/answer-parts'
import {
  ZCall,
  ZIncomeDeleted,
  ZIncomeId,
  ZIncomeList,
  ZIncomeListAnswer,
  ZOutcomeCallToTutor,
  ZOutcomeNew,
  ZOutcomeToIncome,
  ZTelephonyWebhook,
} from '../../../common/schemas/admin/telephony.schema'
import {
  type TelephonyDeps,
  deleteIncome,
  listIncomes,
  outcomeCallToTutor,
  outcomeNew,
  outcomeToIncome,
  receiveWebhook,
} from '../../domain/telephony/calls'
import type { Context } from '../../trpc/context'
import { t } from '../../trpc/init'
import { publicProcedure, staffProcedure } from '../../trpc/procedures'

const calls = staffProcedure('calls')
const deps = (ctx: Pick<Context, 'telephony' | 'origin'>): TelephonyDeps => ({
  telephony: ctx.telephony,
  origin: ctx.origin,
})

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

export const telephonyWebhookRouter = t.router({
  /** POST /api/telephony/{provider}/voice and /status: the provider's signed request, answered with TwiML. */
  webhook: publicProcedure
    .input(ZTelephonyWebhook)
    .output(zFileResponse)
    .mutation(({ ctx, input }) => receiveWebhook(ctx.scope, input, deps(ctx))),
})
