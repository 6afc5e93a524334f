// The money paths of docs/contract.md#payments (docs/api.md#tutor-wallet-payments-top wallet and payments, top): one
// route per provider id for the paths that name one; a provider the edition does not offer is 404.
import { PROVIDER_IDS } from '../../integrations/payments/provider'
import { type Route, get, post } from '../adapter'

type Input = Record<string, unknown>

export const paymentRoutes = [
  ...PROVIDER_IDS.flatMap((provider) => [
    post(
      `/tutor/payments/${provider}/wallet` as const,
      (api) => (i: Input) => api.tutor.payments.wallet({ ...i, provider } as never),
    ),
    post(
      `/tutor/payments/${provider}/order` as const,
      (api) => (i: Input) => api.tutor.payments.order({ ...i, provider } as never),
    ),
    post(
      `/tutor/payments/${provider}/top` as const,
      (api) => (i: Input) => api.tutor.payments.top({ ...i, provider } as never),
    ),
    post(
      `/tutor/payments/${provider}/card/wallet` as const,
      (api) => (i: Input) => api.tutor.payments.cardWallet({ ...i, provider } as never),
    ),
    post(
      `/tutor/payments/${provider}/card/order` as const,
      (api) => (i: Input) => api.tutor.payments.cardOrder({ ...i, provider } as never),
    ),
    post(
      `/tutor/payments/${provider}/card/top` as const,
      (api) => (i: Input) => api.tutor.payments.cardTop({ ...i, provider } as never),
    ),
    // The provider's own request: the exact bytes and headers (signatures), answered with its acknowledgement.
    post(
      `/api/payments/${provider}/notify` as const,
      (api) => (i: Input) => api.public.payments.notify({ ...i, provider } as never),
      { raw: true, rawBody: true },
    ),
  ]),
  // The local provider's bank page (development and tests only: 404 where `local` is not offered).
  get('/api/payments/local/page', (api) => api.public.payments.localPage),
  post('/api/payments/local/press', (api) => api.public.payments.localPress),
  post('/tutor/payments/get_status', (api) => api.tutor.payments.getStatus),
  post('/tutor/payments/get_cards', (api) => api.tutor.payments.getCards),
  post('/tutor/payments/delete_payment_card', (api) => api.tutor.payments.deleteCard),
  get('/tutor/wallet/history', (api) => api.tutor.wallet.history),
  post('/tutor/order/pay_from_wallet', (api) => api.tutor.wallet.payOrder),
  get('/tutor/top/get', (api) => api.tutor.top.get),
  post('/tutor/top/pay_from_wallet', (api) => api.tutor.top.payFromWallet),
] satisfies Route[]
