// Billing data and invoices (docs/api.md#tutor-billing-data "Billing", #admin-tutors billing approve/clear_once_field,
// get_invoice). Rules: server/domain/billing/.
import { getBillingData, readBillingDocument, saveBillingData } from '../../domain/billing/billing-data'
import { tutorInvoice } from '../../domain/billing/invoices'
import { uploadedFileResponse } from '../../domain/shared/download'
import { fileStorage } from '../../integrations/storage/storage'
import type { Context } from '../../trpc/context'
import { t } from '../../trpc/init'
import { partyOrStaffProcedure, tutorProcedure } from '../../trpc/procedures'
import { zFileResponse } from '../../../common/schemas/answer-parts'
import {
  ZBillingAnswer,
  ZBillingDocumentId,
  ZBillingSave,
  ZInvoiceFile,
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
  /** GET /tutor/billing_data/document?id: a billing document itself (a raw route), for the owner tutor and staff of the tutors area. */
  document: partyOrStaffProcedure('tutors')
    .input(ZBillingDocumentId)
    .output(zFileResponse)
    .query(async ({ ctx, input }) =>
      uploadedFileResponse(
        await readBillingDocument(ctx.scope, { identity: ctx.identity, id: input.id }, storage(ctx)),
      ),
    ),
})
