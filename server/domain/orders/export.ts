// The orders Excel export (POST /admin/get_file_excel_export_orders): the list's filters, at least
// one of them (docs/product.md#5-validation-rules: 'Please select at least one filter'), one sheet built with exceljs.
import type { Scope } from '../shared/scope'
import { msg } from '../../../i18n/format'
import { FieldErrors } from '../../../common/errors'
import { exportRows, hasFilters, type OrderFilters } from './read'

/** Rows in one file at most; narrower filters for more. */
export const EXPORT_LIMIT = 20_000

export const EXPORT_COLUMNS = [
  { header: 'ID', key: 'id', width: 8 },
  { header: 'Created', key: 'created_at', width: 20 },
  { header: 'Status', key: 'status', width: 8 },
  { header: 'Status name', key: 'status_name', width: 16 },
  { header: 'Kind', key: 'kind', width: 10 },
  { header: 'Client ID', key: 'client_id', width: 10 },
  { header: 'Client', key: 'client_name', width: 24 },
  { header: 'E-mail', key: 'client_email', width: 26 },
  { header: 'Phone', key: 'client_phone', width: 14 },
  { header: 'Subject', key: 'lesson_name', width: 20 },
  { header: 'City', key: 'city_name', width: 16 },
  { header: 'Place', key: 'form_location', width: 18 },
  { header: 'Tutor ID', key: 'tutor_id', width: 10 },
  { header: 'Tutor', key: 'tutor_name', width: 24 },
  { header: 'Fee', key: 'fee', width: 10 },
  { header: 'Currency', key: 'fee_currency', width: 9 },
  { header: 'First lesson', key: 'first_class', width: 20 },
  { header: 'Paid at', key: 'paid_at', width: 20 },
  { header: 'Paid amount', key: 'paid_amount', width: 12 },
  { header: 'Payment method', key: 'payment_method', width: 16 },
  { header: 'Lost reasons', key: 'remove_reasons', width: 24 },
  { header: 'Source', key: 'source', width: 14 },
] as const

export async function exportOrdersXlsx(
  scope: Scope,
  { filters }: { filters: OrderFilters },
): Promise<Uint8Array<ArrayBuffer>> {
  if (!hasFilters(filters)) throw new FieldErrors({ filters: [msg('errors.export_no_filters')] })
  const rows = await exportRows(scope, filters, EXPORT_LIMIT)
  // Loaded on the first export: exceljs and its zip stack are large and no other request needs them.
  const { default: ExcelJS } = await import('exceljs')
  const book = new ExcelJS.Workbook()
  book.created = scope.now()
  const sheet = book.addWorksheet('Orders')
  sheet.columns = EXPORT_COLUMNS.map((c) => ({ ...c }))
  sheet.getRow(1).font = { bold: true }
  sheet.views = [{ state: 'frozen', ySplit: 1 }]
  for (const r of rows) {
    const pay = (r.payment_data ?? {}) as { amount?: number; method?: string }
    sheet.addRow({
      ...r,
      form_location: r.form_location.join(', '),
      fee: r.fee_minor === null ? null : r.fee_minor / 100,
      paid_amount: pay.amount ?? null,
      payment_method: pay.method ?? null,
    })
  }
  const buffer = await book.xlsx.writeBuffer()
  return new Uint8Array(buffer as ArrayBuffer)
}
