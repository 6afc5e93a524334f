// Invoices: one PDF per paid payment, the same for the tutor
// (GET /tutor/billing_data/get_invoice_file?payment_id) and staff (POST /admin/tutor/profile/get_invoice).
// pdfkit with an embedded DejaVu Sans (server/assets/fonts: Cyrillic, Polish and Spanish letters, so
// nothing depends on the host's fonts). Content: the edition's site name as the seller, the invoice
// number {EDITION}/{year paid}/{payment id, 6 digits}, the date paid in the edition's time zone, the
// tutor's billing data as the buyer (the tutor's name when there is none), the description, and the
// amount in the edition's currency. The paid amount is the gross: with the edition's tax percent > 0
// it is split into net and tax (tax included, so the invoice's total is what was paid).
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Edition, Locale } from '../../../common/editions'
import { notFound, forbidden } from '../../../common/errors'
import { t } from '../../../i18n/keys'
import type { Scope } from '../shared/scope'
import { billingAnswer } from './billing-data'
import { downloadResponse } from '../shared/download'

const FONT = readFileSync(resolve(import.meta.dir, '../../assets/fonts/DejaVuSans.ttf'))

const INTL_LOCALE: Record<Locale, string> = { ua: 'uk-UA', ru: 'ru-RU', en: 'en-US', pl: 'pl-PL', es: 'es-ES' }

/** 20000 minor, PLN, pl → "200,00 zł" (Intl, the edition's currency; every edition's has 2 decimals). */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minor / 100)
}

/** The tax inside a gross amount: net = round(gross × 100 / (100 + percent)), tax = gross − net. */
export function splitTax(grossMinor: number, percent: number): { net: number; tax: number } {
  if (percent <= 0) return { net: grossMinor, tax: 0 }
  const net = Math.round((grossMinor * 100) / (100 + percent))
  return { net, tax: grossMinor - net }
}

function yearIn(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(date)
}

export function invoiceNumber(ed: Pick<Edition, 'code' | 'timeZone'>, p: { id: number; paid_at: Date }): string {
  return `${ed.code.toUpperCase()}/${yearIn(p.paid_at, ed.timeZone)}/${String(p.id).padStart(6, '0')}`
}

interface PaidPayment {
  id: number
  tutor_id: number
  purpose: string
  amount_minor: number
  currency: string
  provider: string
  order_id: number | null
  days: number | null
  paid_at: Date
}

async function paidPayment(scope: Scope, tutorId: number, paymentId: number): Promise<PaidPayment> {
  const p = await scope.db
    .selectFrom('payments')
    .select([
      'id',
      'tutor_id',
      'purpose',
      'amount_minor',
      'currency',
      'provider',
      'order_id',
      'days',
      'paid_at',
      'status',
    ])
    .where('id', '=', paymentId)
    .where('tutor_id', '=', tutorId)
    .where('edition', '=', scope.edition.code)
    .executeTakeFirst()
  if (p?.status !== 'paid' || !p.paid_at) throw notFound()
  return { ...p, amount_minor: Number(p.amount_minor), paid_at: p.paid_at }
}

function describe(locale: Locale, p: PaidPayment): string {
  if (p.purpose === 'order') return t(locale, 'invoice.purpose_order', { order: p.order_id ?? '' })
  if (p.purpose === 'top') return t(locale, 'invoice.purpose_top', { days: p.days ?? '' })
  return t(locale, 'invoice.purpose_wallet')
}

/** The invoice's PDF bytes. */
export async function renderInvoice(
  scope: Scope,
  p: PaidPayment,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; number: string }> {
  const ed = scope.edition
  const locale = scope.locale
  const L = (key: Parameters<typeof t>[1], params?: Record<string, string | number>) => t(locale, key, params)
  const billing = await billingAnswer(scope, p.tutor_id)
  const tutor = await scope.db.selectFrom('tutors').select(['name']).where('id', '=', p.tutor_id).executeTakeFirst()
  const b = billing.billing_data
  const number = invoiceNumber(ed, p)
  const money = (minor: number) => formatMoney(minor, p.currency, locale)
  const date = new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: ed.timeZone, dateStyle: 'long' }).format(
    p.paid_at,
  )

  // Loaded on the first invoice: pdfkit costs a fifth of a second at every start otherwise.
  const { default: PDFDocument } = await import('pdfkit')
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${ed.siteName} ${number}`, Author: ed.siteName },
  })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<void>((ok, fail) => {
    doc.on('end', ok)
    doc.on('error', fail)
  })
  doc.registerFont('body', FONT)
  doc.font('body')

  doc.fontSize(18).text(ed.siteName)
  doc.moveDown(0.5)
  doc.fontSize(14).text(L('invoice.title', { number }))
  doc.fontSize(10).text(`${L('invoice.date')}: ${date}`)
  doc.moveDown()

  doc.fontSize(11).text(L('invoice.seller'), { underline: true })
  doc.fontSize(10).text(ed.siteName)
  doc.moveDown()

  doc.fontSize(11).text(L('invoice.buyer'), { underline: true })
  const buyerName = (b.is_company && b.company_name) || b.full_name || tutor?.name || `#${p.tutor_id}`
  const lines = [
    buyerName,
    b.is_company && b.full_name ? b.full_name : '',
    b.address,
    [b.postal_code, b.city].filter(Boolean).join(' '),
    b.country,
    b.tax_id ? `${L('invoice.tax_id')}: ${b.tax_id}` : '',
    b.iban ? `${L('invoice.iban')}: ${b.iban}` : '',
  ].filter(Boolean)
  doc.fontSize(10)
  for (const line of lines) doc.text(line)
  doc.moveDown()

  doc.fontSize(11).text(L('invoice.description'), { underline: true })
  doc.fontSize(10).text(describe(locale, p))
  doc.text(L('invoice.paid_via', { provider: p.provider }))
  doc.moveDown()

  const { net, tax } = splitTax(p.amount_minor, ed.tax)
  if (ed.tax > 0) {
    doc.text(`${L('invoice.net')}: ${money(net)}`)
    doc.text(`${L('invoice.tax', { percent: ed.tax })}: ${money(tax)}`)
  } else {
    doc.text(L('invoice.no_tax'))
  }
  doc.fontSize(13).text(`${L('invoice.total')}: ${money(p.amount_minor)}`)
  doc.end()
  await done
  const all = Buffer.concat(chunks)
  const bytes = new Uint8Array(all.byteLength)
  bytes.set(all)
  return { bytes, number }
}

function pdfResponse(r: { bytes: Uint8Array<ArrayBuffer>; number: string }): Response {
  return downloadResponse(r.bytes, {
    type: 'application/pdf',
    size: r.bytes.byteLength,
    name: `invoice-${r.number.replace(/\//g, '-')}.pdf`,
  })
}

/** GET /tutor/billing_data/get_invoice_file?payment_id: only the tutor's own paid payments; others 404. */
export async function tutorInvoice(scope: Scope, input: { payment_id: number }): Promise<Response> {
  if (scope.actor.kind !== 'tutor' || !scope.actor.id) throw forbidden()
  return pdfResponse(await renderInvoice(scope, await paidPayment(scope, scope.actor.id, input.payment_id)))
}

/** POST /admin/tutor/profile/get_invoice {tutor_id, payment_id}: the same PDF, for staff. */
export async function staffInvoice(scope: Scope, input: { tutor_id: number; payment_id: number }): Promise<Response> {
  return pdfResponse(await renderInvoice(scope, await paidPayment(scope, input.tutor_id, input.payment_id)))
}
