// Payment names shared by the server and the panel (pure data: the panel's first load takes no zod).

/** The payment providers (server/integrations/payments has one module each). */
export const PAYMENT_PROVIDERS = ['liqpay', 'fondy', 'stripe', 'przelewy', 'revolut', 'solidgate', 'local'] as const

/** A payment's statuses, in the order the panel's filter offers them. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]
