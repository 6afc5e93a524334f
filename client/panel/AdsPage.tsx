// /panel/users_ads: tutors' ads (docs/api.md#admin-ads-and-blogs "Ads"): the list with filters
// (what waits for moderation first); an ad opens with its text, subject, price and images; staff
// publish, send back for revision with a reason (the tutor is told), delete, or remove an image.
import { useState } from 'react'
import { MINOR_PER_UNIT } from '../../common/money'
import type { Ad } from '../../common/schemas/content/blogs-ads.schema'
import { PanelList } from './PanelList'
import { useModerationFilters, RevisionDialog, StatusBadge } from './ModerationParts'
import { type PT, announceAndRefresh, usePT, usePanelShortDate } from './text'
import { Button } from '../ui/Button'
import { Card } from '../ui/Card'
import { ConfirmDialog } from '../ui/Dialog'
import { Price } from '../ui/Price'
import type { Column } from '../ui/Table'
import { trpc } from '../lib/trpc'

function AdCard({ row, pt, onClose }: { row: Ad; pt: PT; onClose: () => void }) {
  const utils = trpc.useUtils()
  const refresh = () => Promise.all([utils.admin.ads.list.invalidate(), utils.admin.ads.get.invalidate({ id: row.id })])
  const ad = trpc.admin.ads.get.useQuery({ id: row.id }, { initialData: row }).data ?? row
  const publish = trpc.admin.ads.setPublished.useMutation(announceAndRefresh(pt('mod.published'), refresh))
  const remove = trpc.admin.ads.setDeleted.useMutation(announceAndRefresh(pt('mod.deleted'), refresh))
  const removeImage = trpc.admin.ads.removeImage.useMutation(announceAndRefresh(pt('ad.image_removed'), refresh))
  return (
    <Card title={pt('ad.edit_title', { id: ad.id })} className="mb-4" testId="ad-card">
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <StatusBadge status={ad.status} pt={pt} />
          <span>
            {pt('mod.tutor')}:{' '}
            <a className="text-brand-dark underline" href={`/panel/users_show/${ad.tutor_id}`}>
              {ad.tutor_name}
            </a>{' '}
            (№{ad.tutor_id})
          </span>
          {ad.lesson_name && (
            <span>
              {pt('ad.lesson')}: {ad.lesson_name}
            </span>
          )}
          <span>
            {pt('ad.price')}:{' '}
            {ad.price !== null ? <Price minor={ad.price * MINOR_PER_UNIT} currency={ad.currency} /> : '—'}
          </span>
        </div>
        {ad.status === 'need_revision' && ad.revision_reason && (
          <p className="rounded-lg bg-orange-50 p-3 text-sm text-orange-900">
            {pt('mod.reason_was', { reason: ad.revision_reason })}
          </p>
        )}
        <div className="rounded-lg border border-slate-200 p-4">
          <h2 className="mb-2 text-lg font-semibold text-slate-900">{ad.title}</h2>
          <p className="whitespace-pre-line text-slate-800">{ad.text}</p>
          {ad.images.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-3">
              {ad.images.map((i) => (
                <li key={i.id} className="flex flex-col items-start gap-1">
                  <img src={i.url} alt="" className="h-24 rounded" />
                  <Button size="sm" variant="secondary" onClick={() => removeImage.mutate({ image_id: i.id })}>
                    {pt('p.delete')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {ad.status !== 'published' && (
            <Button
              size="sm"
              variant="primary"
              disabled={publish.isPending}
              onClick={() => publish.mutate({ id: ad.id })}
              data-testid="ad-publish"
            >
              {pt('mod.publish')}
            </Button>
          )}
          {ad.status !== 'deleted' && (
            <RevisionDialog
              id={ad.id}
              title={ad.title}
              pt={pt}
              send={(v) => utils.client.admin.ads.setNeedRevision.mutate(v)}
              onDone={refresh}
            />
          )}
          {ad.status !== 'deleted' && (
            <ConfirmDialog
              size="sm"
              trigger={
                <Button size="sm" variant="secondary">
                  {pt('p.delete')}
                </Button>
              }
              title={pt('mod.delete_q', { title: ad.title })}
              description={pt('mod.delete_text')}
              confirm={pt('p.delete')}
              cancel={pt('p.cancel')}
              onConfirm={() => remove.mutateAsync({ id: ad.id })}
            />
          )}
          <Button size="sm" variant="secondary" className="ml-auto" onClick={onClose}>
            {pt('mod.close')}
          </Button>
        </div>
      </div>
    </Card>
  )
}

export function AdsPage({ title }: { title: string }) {
  const pt = usePT()
  const shortDate = usePanelShortDate()
  const { filters, row: filterRow, page, setPage } = useModerationFilters('adf', pt)
  const [open, setOpen] = useState<Ad | null>(null)
  const list = trpc.admin.ads.list.useQuery({ page, filters }, { placeholderData: (prev) => prev })
  const columns: Column<Ad>[] = [
    {
      key: 'id',
      header: pt('p.id'),
      cell: (r) => <span className="text-slate-500 tabular-nums">{r.id}</span>,
      className: 'w-16',
    },
    { key: 'title', header: pt('mod.title'), cell: (r) => <span className="font-medium">{r.title}</span> },
    { key: 'tutor', header: pt('mod.tutor'), cell: (r) => `${r.tutor_name} (№${r.tutor_id})` },
    { key: 'lesson', header: pt('ad.lesson'), cell: (r) => r.lesson_name ?? '—' },
    { key: 'status', header: pt('p.status'), cell: (r) => <StatusBadge status={r.status} pt={pt} /> },
    {
      key: 'updated',
      header: pt('mod.updated'),
      cell: (r) => shortDate(r.updated_at),
      className: 'whitespace-nowrap',
    },
    {
      key: 'open',
      header: pt('p.actions'),
      className: 'w-px',
      cell: (r) => (
        <Button size="sm" variant="secondary" onClick={() => setOpen(r)} data-testid={`ad-open-${r.id}`}>
          {pt('mod.open')}
        </Button>
      ),
    },
  ]
  return (
    <PanelList
      pt={pt}
      title={title}
      filters={filterRow}
      summary={open && <AdCard key={open.id} row={open} pt={pt} onClose={() => setOpen(null)} />}
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      page={page}
      onPage={setPage}
    />
  )
}
