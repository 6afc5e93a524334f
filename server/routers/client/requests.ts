// Lesson requests (docs/api.md#client-lesson-requests). Public: a visitor may order without signing in (the
// request never signs anyone in; a code is sent for the code sign-in). Rules: server/domain/requests/.
import { type RequestForm, addRequestFirstClass, addRequestInfo, makeRequest } from '../../domain/requests/requests'
import { FieldErrors } from '../../../common/errors'
import { requireCaptcha } from '../../integrations/captcha/provider'
import { zPhone } from '../../../common/validators'
import type { Context } from '../../trpc/context'
import { t } from '../../trpc/init'
import { publicProcedure } from '../../trpc/procedures'
import { ZAddFirstClass, ZAddInfo, ZRequest, ZRequestMade } from '../../../common/schemas/client/requests.schema'
import { ZPartyMoved } from '../../../common/schemas/client/orders.schema'

const caller = (ctx: Context) => ({ clientId: ctx.identity?.client?.id ?? null, ip: ctx.ip, userAgent: ctx.userAgent })

function make(form: RequestForm) {
  return publicProcedure
    .input(ZRequest)
    .output(ZRequestMade)
    .mutation(async ({ ctx, input }) => {
      let phone: string | undefined
      if (input.phone) {
        const r = zPhone(ctx.edition).safeParse(input.phone)
        if (!r.success) throw new FieldErrors({ phone: r.error.issues.map((i) => i.message) })
        phone = r.data
      }
      const { captcha_token: captchaToken, ...request } = input
      await requireCaptcha(ctx.env, { token: captchaToken, action: 'request', ip: ctx.ip })
      return makeRequest(
        ctx.scope,
        { form, caller: caller(ctx), request: { ...request, phone, first_class: input.first_class ?? null } },
        ctx,
      )
    })
}

export const clientRequestsRouter = t.router({
  /** POST /client/make_personal_request {request}: from a tutor's profile order form. */
  makePersonalRequest: make('make_personal_request'),
  /** POST /client/make_personal_request_short_form {request}: name, contact, subject and a note. */
  makePersonalRequestShortForm: make('make_personal_request_short_form'),
  /** POST /client/order/make_school_request {request} */
  makeSchoolRequest: make('make_school_request'),
  /** POST /client/make_short_school_request {request} */
  makeShortSchoolRequest: make('make_short_school_request'),
  /** POST /client/order/make_additional_school_request {request} */
  makeAdditionalSchoolRequest: make('make_additional_school_request'),
  /** POST /client/order/make_test_landing_school_request {request} */
  makeTestLandingSchoolRequest: make('make_test_landing_school_request'),
  /** POST /client/order/personal_request_add_info {order_id, info[, request_token]} */
  addInfo: publicProcedure
    .input(ZAddInfo)
    .output(ZPartyMoved)
    .mutation(({ ctx, input }) =>
      addRequestInfo(
        ctx.scope,
        { ...input, caller: { clientId: caller(ctx).clientId, requestToken: input.request_token } },
        ctx,
      ),
    ),
  /** POST /client/order/personal_request_add_date_first_class {order_id, first_class[, request_token]} */
  addDateFirstClass: publicProcedure
    .input(ZAddFirstClass)
    .output(ZPartyMoved)
    .mutation(({ ctx, input }) =>
      addRequestFirstClass(
        ctx.scope,
        { ...input, caller: { clientId: caller(ctx).clientId, requestToken: input.request_token } },
        ctx,
      ),
    ),
})
