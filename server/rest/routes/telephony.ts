// Telephony (docs/api.md#admin-telephony): the staff calls (the spec's short paths sit under /admin, like
// /sms/save → /admin/sms/save) and the providers' webhooks, one route per provider id and kind.
import { TELEPHONY_PROVIDER_IDS } from '../../integrations/telephony/provider'
import { type Route, post } from '../adapter'

type Input = Record<string, unknown>

export const telephonyRoutes = [
  post('/admin/telephony/incomes/get', (api) => api.admin.telephony.incomes),
  post('/admin/income/delete', (api) => api.admin.telephony.deleteIncome),
  post('/admin/call/outcome_new', (api) => api.admin.telephony.outcomeNew),
  post('/admin/call/outcome_to_income', (api) => api.admin.telephony.outcomeToIncome),
  post('/admin/call/outcome_call_to_tutor', (api) => api.admin.telephony.outcomeCallToTutor),
  // The same calls under the telephony prefix (the spec's spelling; the short ones above stay for callers).
  post('/admin/telephony/income/delete', (api) => api.admin.telephony.deleteIncome),
  post('/admin/telephony/call/outcome_new', (api) => api.admin.telephony.outcomeNew),
  post('/admin/telephony/call/outcome_to_income', (api) => api.admin.telephony.outcomeToIncome),
  post('/admin/telephony/call/outcome_call_to_tutor', (api) => api.admin.telephony.outcomeCallToTutor),
  ...TELEPHONY_PROVIDER_IDS.flatMap((provider) =>
    (['voice', 'status'] as const).map((kind) =>
      post(
        `/api/telephony/${provider}/${kind}` as const,
        (api) => (i: Input) => api.public.telephony.webhook({ ...i, provider, kind } as never),
        { raw: true, rawBody: true },
      ),
    ),
  ),
] satisfies Route[]
