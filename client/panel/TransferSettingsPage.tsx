// /panel/transfer_settings (status 1 only): the site-wide rule for offline lessons and, per subject,
// whether a school request goes to the school site at once
// (docs/api.md#admin-pages-reviews-videos-vacancies-site-blocks). Both are switches that act at once,
// like the reference pages' flags.
import { useState } from 'react'
import type { TransferSetting } from '../../common/schemas/admin/transfer.schema'
import { PanelList } from './PanelList'
import { usePT } from './text'
import { showError, showSuccess } from '../ui/Banner'
import { Switch } from '../ui/Switch'
import type { Column } from '../ui/Table'
import { trpc } from '../lib/trpc'

export function TransferSettingsPage({ title }: { title: string }) {
  const pt = usePT()
  const utils = trpc.useUtils()
  const [page, setPage] = useState(1)
  const list = trpc.admin.transfer.list.useQuery({ page }, { placeholderData: (prev) => prev })
  const [busy, setBusy] = useState<string | null>(null)
  const refresh = () => utils.admin.transfer.list.invalidate()

  const act = async (key: string, run: () => Promise<string>) => {
    setBusy(key)
    try {
      showSuccess(await run())
      await refresh()
    } catch (e) {
      showError(e)
    } finally {
      setBusy(null)
    }
  }
  const setOffline = (value: boolean) =>
    act('offline', async () => {
      await utils.client.admin.settings.setTransferOfflineLesson.mutate({ value: value ? 1 : 0 })
      return pt(value ? 'transfer.offline_on' : 'transfer.offline_off')
    })
  const setTransfer = (r: TransferSetting, value: boolean) =>
    act(`lesson-${r.id}`, async () => {
      const saved = await utils.client.admin.transfer.save.mutate({ id: r.id, transfer: value ? 1 : 0 })
      return pt(saved.transfer ? 'transfer.lesson_on' : 'transfer.lesson_off', { name: saved.name })
    })

  const columns: Column<TransferSetting>[] = [
    {
      key: 'id',
      header: pt('p.id'),
      cell: (r) => <span className="text-slate-500 tabular-nums">{r.id}</span>,
      className: 'w-16',
    },
    {
      key: 'name',
      header: pt('transfer.lesson'),
      cell: (r) => <span className={r.active ? 'font-medium' : 'text-slate-500'}>{r.name}</span>,
    },
    { key: 'alias', header: pt('ref.alias'), cell: (r) => <code className="text-xs break-all">{r.alias}</code> },
    {
      key: 'transfer',
      header: pt('transfer.to_school'),
      className: 'w-32',
      cell: (r) => (
        <Switch
          checked={r.transfer}
          busy={busy === `lesson-${r.id}`}
          label={`${pt('transfer.to_school')}: ${r.name}`}
          onChange={(v) => void setTransfer(r, v)}
          testId={`transfer-${r.id}`}
        />
      ),
    },
  ]

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{title}</h1>
      <section
        className="mb-6 flex items-start gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        aria-labelledby="offline-rule"
      >
        <Switch
          checked={list.data?.transfer_offline_lesson ?? false}
          busy={busy === 'offline' || !list.data}
          label={pt('transfer.offline')}
          onChange={(v) => void setOffline(v)}
          testId="transfer-offline"
        />
        <div>
          <h2 id="offline-rule" className="font-semibold text-slate-900">
            {pt('transfer.offline')}
          </h2>
          <p className="text-sm text-slate-600">{pt('transfer.offline_hint')}</p>
        </div>
      </section>
      <PanelList<TransferSetting>
        pt={pt}
        title={pt('transfer.lessons')}
        section
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        page={page}
        onPage={setPage}
      />
    </>
  )
}
