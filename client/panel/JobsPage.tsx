// /panel/system_jobs: durable jobs that failed for good (staff status 1, area
// `system`): the queue, the message an outbox job was delivering, the last error and the tries; "retry"
// puts the job back in its queue (POST /admin/system/jobs/retry).
import type { FailedJobItem } from '../../common/schemas/admin/jobs.schema'
import { PanelList, actionsColumn } from './PanelList'
import { type PT, usePT, usePanelShortDate } from './text'
import { Button } from '../ui/Button'
import type { Column } from '../ui/Table'
import { showError, showSuccess } from '../ui/Banner'
import { trpc } from '../lib/trpc'

const queueName = (pt: PT, queue: string) =>
  queue === 'outbox-delivery' || queue === 'minute-sweep' ? pt(`jobs.queue.${queue}`) : queue

export function JobsPage({ title }: { title: string }) {
  const pt = usePT()
  const shortDate = usePanelShortDate()
  const utils = trpc.useUtils()
  const list = trpc.admin.jobs.failed.useQuery(undefined, { placeholderData: (prev) => prev })
  const retry = trpc.admin.jobs.retry.useMutation({
    onSuccess: async (r) => {
      showSuccess(r.retried ? pt('jobs.retried') : pt('jobs.not_retried'))
      await utils.admin.jobs.failed.invalidate()
    },
    onError: showError,
  })

  const columns: Column<FailedJobItem>[] = [
    { key: 'queue', header: pt('jobs.queue'), cell: (r) => queueName(pt, r.queue) },
    {
      key: 'message',
      header: pt('jobs.message'),
      cell: (r) =>
        r.outbox ? (
          <span>
            <span className="font-medium">{r.outbox.subject || r.outbox.channel.toUpperCase()}</span>
            <span className="block text-xs text-slate-600">
              {r.outbox.recipient} · №{r.outbox.id}
            </span>
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'error',
      header: pt('jobs.error'),
      cell: (r) => <span className="break-all text-xs text-red-800">{r.error}</span>,
    },
    {
      key: 'tries',
      header: pt('jobs.tries'),
      cell: (r) => <span className="tabular-nums">{r.outbox ? r.outbox.attempts : r.retry_count + 1}</span>,
      className: 'w-16',
    },
    {
      key: 'failed_at',
      header: pt('jobs.failed_at'),
      cell: (r) => (r.failed_at ? shortDate(r.failed_at) : '—'),
      className: 'whitespace-nowrap',
    },
    actionsColumn(pt, (r) => (
      <Button
        size="sm"
        variant="secondary"
        disabled={retry.isPending}
        onClick={() => retry.mutate({ id: r.id })}
        data-testid={`job-retry-${r.id}`}
      >
        {pt('jobs.retry')}
      </Button>
    )),
  ]

  return (
    <PanelList
      pt={pt}
      title={title}
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      page={1}
      onPage={() => {}}
      empty={list.data && !list.data.running ? pt('jobs.not_running') : pt('jobs.empty')}
    />
  )
}
