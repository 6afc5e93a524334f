// /panel/order_fees (the orders area's statuses): the fee a tutor owes for an order, by the order's
// price band; the default row covers bands without their own. Appointment copies the fee onto the
// order, so an edit here never moves an existing debt.
import { minorToShortUnits, moneyText } from '../../common/money'
import { showSuccess } from '../ui/Banner'
import { Button } from '../ui/Button'
import { Form, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { trpc } from '../lib/trpc'
import { useSite } from '../lib/site'
import { useLocale, usePT } from './text'

interface FeeRow {
  rate_id: number | null
  name: string
  fee_minor: number | null
  currency: string
}

/**
 * A price band's name: in the panel's language, else the edition's own (as subjects and cities show), never
 * whichever language the stored object lists first (JSON objects in the database keep their keys sorted).
 */
export function bandName(
  band: { names?: unknown; min_price: number; max_price: number | null },
  languages: readonly string[],
): string {
  const names = (band.names ?? {}) as Record<string, string>
  for (const l of languages) if (names[l]) return names[l]
  return Object.values(names)[0] ?? `${band.min_price}–${band.max_price ?? ''}`
}

export function OrderFeesPage({ title }: { title: string }) {
  const pt = usePT()
  const locale = useLocale()
  const { edition } = useSite()
  const list = trpc.admin.orders.fees.list.useQuery({})
  const rows: FeeRow[] = list.data
    ? [
        { ...list.data.default, name: pt('fees.default') },
        ...list.data.rates.map((r) => ({
          rate_id: r.rate_id,
          name: bandName(r, [locale, edition.defaultLocale]),
          fee_minor: r.fee_minor,
          currency: r.currency,
        })),
      ]
    : []
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-600">{pt('fees.lead')}</p>
      {list.isPending ? (
        <p className="text-slate-500">{pt('panel.loading')}</p>
      ) : (
        <table className="w-full max-w-3xl rounded-xl bg-white text-sm shadow-sm ring-1 ring-slate-200">
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th className="px-4 py-2 font-medium">{pt('fees.band')}</th>
              <th className="px-4 py-2 font-medium">{pt('fees.fee')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <FeeEditor key={r.rate_id ?? 0} row={r} />
            ))}
          </tbody>
        </table>
      )}
    </>
  )
}

function FeeEditor({ row }: { row: FeeRow }) {
  const pt = usePT()
  const utils = trpc.useUtils()
  const save = trpc.admin.orders.fees.save.useMutation()
  const id = `fee-${row.rate_id ?? 'default'}`
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/admin/orders.schema').then((m) => m.ZOrderFee),
    {
      defaults: { rate_id: row.rate_id, fee: row.fee_minor == null ? '' : minorToShortUnits(row.fee_minor) },
      action: (v) => save.mutateAsync({ rate_id: row.rate_id, fee: String(v.fee) }),
      onDone: async (saved) => {
        showSuccess(pt('fees.saved', { name: row.name, fee: moneyText(saved.fee_minor, saved.currency) }))
        await utils.admin.orders.fees.list.invalidate()
      },
    },
  )
  return (
    <tr className="border-b border-slate-100 last:border-0" data-testid={id}>
      <td className="px-4 py-3 align-top font-medium text-slate-900">
        {row.name}
        {row.fee_minor == null && <span className="block text-xs text-slate-500">{pt('fees.inherits')}</span>}
      </td>
      <td className="px-4 py-2">
        <Form form={form} onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <FormTextField
            name="fee"
            id={id}
            size="sm"
            label={`${pt('fees.fee')}, ${row.currency}`}
            inputMode="decimal"
            className="w-28 sm:w-40"
          />
          <Button type="submit" size="sm" disabled={pending}>
            {pt('p.save')}
          </Button>
        </Form>
      </td>
    </tr>
  )
}
