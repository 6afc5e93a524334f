// A tutor's billing data for staff (docs/api.md#admin-tutors billing approve/clear_once_field, get_invoice;
// the tutors area). The tutor's own calls: tutor/billing.ts. Rules: server/domain/billing/.
import { staffClearBillingField, staffDecideBillingData, staffGetBillingData } from '../../domain/billing/billing-data'
import { staffInvoice } from '../../domain/billing/invoices'
import { fileStorage } from '../../integrations/storage/storage'
import type { Context } from '../../trpc/context'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import { zFileResponse } from '../../../common/schemas/answer-parts'
import {
  ZBillingAnswer,
  ZStaffBillingApprove,
  ZStaffBillingClear,
  ZStaffBillingGet,
  ZStaffInvoice,
} from '../../../common/schemas/tutor/billing.schema'

const storage = (ctx: Pick<Context, 'env'>) => fileStorage(ctx.env)

const tutors = staffProcedure('tutors')

export const staffBillingRouter = t.router({
  /** GET /admin/tutor/billing_data/get?tutor_id (the tutor editor's billing tab) */
  get: tutors
    .input(ZStaffBillingGet)
    .output(ZBillingAnswer)
    .query(({ ctx, input }) => staffGetBillingData(ctx.scope, input)),
  /** POST /admin/tutor/billing_data/approve {tutor_id, approve, reject_comment} */
  approve: tutors
    .input(ZStaffBillingApprove)
    .output(ZBillingAnswer)
    .mutation(({ ctx, input }) => staffDecideBillingData(ctx.scope, input)),
  /** POST /admin/tutor/billing_data/clear_once_field {tutor_id, field} */
  clearField: tutors
    .input(ZStaffBillingClear)
    .output(ZBillingAnswer)
    .mutation(({ ctx, input }) => staffClearBillingField(ctx.scope, input, storage(ctx))),
  /** POST /admin/tutor/profile/get_invoice {tutor_id, payment_id}: the PDF (a raw route). */
  invoice: tutors
    .input(ZStaffInvoice)
    .output(zFileResponse)
    .mutation(({ ctx, input }) => staffInvoice(ctx.scope, input)),
})
