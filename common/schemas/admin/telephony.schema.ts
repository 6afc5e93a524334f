// zod only: telephony (docs/api.md#admin-telephony "Telephony"): the incoming calls' list
// with its filters, their deletion, and the three outgoing calls.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { zFlag, zId, zPage } from '../../validators'
import { zPaged } from '../answer-parts'

const invalid = msg('validation.invalid')
export const CALL_PARTIES = ['client', 'tutor', 'unknown'] as const
export type CallParty = (typeof CALL_PARTIES)[number]
/** Whom an outgoing call of an order goes to. */
export const CALL_RECIPIENTS = ['client', 'tutor'] as const

/** POST /admin/telephony/incomes/get {page, filters: {admin_id?, who_calls: {recipient?}, returned?}} */
export const ZIncomeList = z.object({
  page: zPage,
  filters: z
    .object({
      admin_id: zId.optional(),
      who_calls: z
        .object({ recipient: z.enum(CALL_PARTIES, { error: invalid }).optional() })
        .partial()
        .default({}),
      /** false: the calls to return (no call back reached the caller yet); true: those called back. */
      returned: zFlag.optional(),
    })
    .partial()
    .default({}),
})

/** POST /admin/income/delete?id */
export const ZIncomeId = z.object({ id: zId })

/** admin_id, when sent, must be the signed-in staff member's own id (calls are placed as oneself). */
const zAdminId = zId.optional()

/** POST /admin/call/outcome_new {order_id, recipient, recipient_id, admin_id} */
export const ZOutcomeNew = z.object({
  order_id: zId,
  recipient: z.enum(CALL_RECIPIENTS, { error: invalid }),
  recipient_id: zId,
  admin_id: zAdminId,
})
/** POST /admin/call/outcome_to_income {call_id, admin_id} */
export const ZOutcomeToIncome = z.object({ call_id: zId, admin_id: zAdminId })
/** POST /admin/call/outcome_call_to_tutor {tutor_id} */
export const ZOutcomeCallToTutor = z.object({ tutor_id: zId, admin_id: zAdminId })

// ——— answers ———

export const ZCall = z.strictObject({
  id: z.number(),
  direction: z.enum(['in', 'out']),
  provider: z.string(),
  provider_call_id: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  /** Who is on the other end: the caller of an incoming call, the callee of an outgoing one. */
  recipient: z.enum(CALL_PARTIES),
  recipient_id: z.number().nullable(),
  recipient_name: z.string().nullable(),
  order_id: z.number().nullable(),
  admin_id: z.number().nullable(),
  admin_name: z.string().nullable(),
  /** The incoming call an outgoing one calls back. */
  income_call_id: z.number().nullable(),
  status: z.string(),
  duration: z.number().nullable(),
  recording_url: z.string().nullable(),
  /** Incoming calls: how many times staff called back. */
  callbacks: z.number(),
  created_at: z.string(),
})
export type Call = z.infer<typeof ZCall>
export const ZIncomeListAnswer = zPaged(ZCall).extend({
  admins: z.array(z.strictObject({ id: z.number(), name: z.string() })),
})
export const ZIncomeDeleted = z.strictObject({ deleted: z.literal(true) })

/** The raw webhook a provider sent: REST hands over the exact bytes and headers. */
export const ZTelephonyWebhook = z.object({
  provider: z.string().max(32),
  kind: z.enum(['voice', 'status']),
  body: z.instanceof(Uint8Array),
  headers: z.instanceof(Headers),
})
