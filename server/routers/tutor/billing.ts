// Billing data and invoices (docs/api.md#tutor-billing-data "Billing", #admin-tutors billing approve/clear_once_field,
// get_invoice). Rules: server/domain/billing/.
import {
  getBillingData,
  readBillingDocument,
  saveBillingData,
  staffClearBillingField,
  staffDecideBillingData,
  staffGetBillingData,
} from '../../domain/billing/billing-data'
import { staffInvoice, tutorInvoice } from '../../domain/billing/invoices'
import { downloadResponse } from '../../domain/shared/download'
import { fileStorage } from '../../integrations/storage/storage'
import type { Context } from '../../trpc/context'
import { t } from '../../trpc/init'
import { publicProcedure, staffProcedure, tutorProcedure } from '../../trpc/procedures'
import { zFileResponse } from '../../../common/schemas/answer-parts'
import {
  ZBillingAnswer,
  ZBillingDocumentId,
  ZBillingSave,
  ZInvoiceFile,
  ZStaffBillingApprove,
  ZStaffBillingClear,
  ZStaffBillingGet,
  ZStaffInvoice,
} from '../../../common/schemas/tutor/billing.schema'

const storage = (ctx: Pick<Context, 'env'>) => fileStorage(ctx.env)

export const tutorBillingRouter = t.router({
  /** GET /tutor/billing_data/get */
  get: tutorProcedure.output(ZBillingAnswer).query(({ ctx }) => getBillingData(ctx.scope)),
  /** POST /tutor/billing_data/save (multipart: `billing_data` JSON text, `new_billing_documents[]`, `new_address_documents[]`) */
  save: tutorProcedure
    .input(ZBillingSave)
    .output(ZBillingAnswer)
    .mutation(({ ctx, input }) => saveBillingData(ctx.scope, input, storage(ctx))),
  /** GET /tutor/billing_data/get_invoice_file?payment_id: the PDF (a raw route). */
  invoice: tutorProcedure
    .input(ZInvoiceFile)
    .output(zFileResponse)
    .query(({ ctx, input }) => tutorInvoice(ctx.scope, input)),
  /**
   * GET /tutor/billing_data/document?id: a billing document itself (a raw route). Open to the owner
   * tutor and staff of the tutors area, so the access check is the service's.
   */
  document: publicProcedure
    .input(ZBillingDocumentId)
    .output(zFileResponse)
    .query(async ({ ctx, input }) => {
      const doc = await readBillingDocument(ctx.scope, { identity: ctx.identity, id: input.id }, storage(ctx))
      return downloadResponse(doc.body, { type: doc.mime, size: doc.size, name: doc.name, uploaded: true })
    }),
})

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
