// Billing data, invoices and the LiqPay merchants (docs/api.md#admin-tutors, #admin-merchants, #tutor-billing-data)
import { type Route, get, post } from '../adapter'

export const billingRoutes = [
  get('/tutor/billing_data/get', (api) => api.tutor.billing.get),
  post('/tutor/billing_data/save', (api) => api.tutor.billing.save),
  get('/tutor/billing_data/get_invoice_file', (api) => api.tutor.billing.invoice, { raw: true }),
  get('/tutor/billing_data/document', (api) => api.tutor.billing.document, { raw: true }),
  get('/admin/tutor/billing_data/get', (api) => api.admin.billing.get),
  post('/admin/tutor/billing_data/approve', (api) => api.admin.billing.approve),
  post('/admin/tutor/billing_data/clear_once_field', (api) => api.admin.billing.clearField),
  post('/admin/tutor/profile/get_invoice', (api) => api.admin.billing.invoice, { raw: true }),
] satisfies Route[]

export const merchantRoutes = [
  post('/admin/payments/refund', (api) => api.admin.payments.refund),
  get('/admin/payments/get', (api) => api.admin.payments.list),
  get('/admin/payments/summary', (api) => api.admin.payments.summary),
  get('/admin/payments/export', (api) => api.admin.payments.export, { raw: true }),
  post('/admin/liqpay_merchants/get', (api) => api.admin.merchants.list),
  get('/admin/liqpay_merchant/get', (api) => api.admin.merchants.get),
  post('/admin/liqpay_merchant/create', (api) => api.admin.merchants.create),
  post('/admin/liqpay_merchant/save', (api) => api.admin.merchants.save),
  post('/admin/liqpay_merchant/delete', (api) => api.admin.merchants.delete),
] satisfies Route[]
