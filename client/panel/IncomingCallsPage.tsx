// /panel/users_incoming_calls: telephony incomes (docs/api.md#admin-telephony "Telephony").
// The incoming calls, newest first, with filters by staff member (who took the call: called back) and by
// who called (client, tutor, unknown number); each row links to the caller and their order, calls the
// number back (POST /admin/call/outcome_to_income) or deletes the call after a confirmation.
import type { Call, CallParty } from '../../common/schemas/admin/telephony.schema'
import { PanelList, RowActions, actionsColumn, useUrlFilters } from './PanelList'
import { type PT, announceAndRefresh, usePT, usePanelShortDate } from './text'
import { Badge, type BadgeTone } from '../ui/Badge'
import { Button } from '../ui/Button'
import { Select } from '../ui/Field'
import type { Column } from '../ui/Table'
import { trpc } from '../lib/trpc'

const NO_FILTERS = { admin_id: '', recipient: '', returned: '' }
const PARTY_TONE: Record<CallParty, BadgeTone> = { client: 'blue', tutor: 'violet', unknown: 'grey' }
const DONE = new Set(['completed'])
const FAILED = new Set(['busy', 'failed', 'no-answer', 'canceled'])
const STATUSES = [
  'starting',
  'queued',
  'initiated',
  'ringing',
  'in-progress',
  'answered',
  'completed',
  'busy',
  'failed',
  'no-answer',
  'canceled',
] as const
type KnownStatus = (typeof STATUSES)[number]
const known = (s: string): s is KnownStatus => (STATUSES as readonly string[]).includes(s)

function Caller({ r, pt }: { r: Call; pt: PT }) {
  const badge = (
    <Badge tone={PARTY_TONE[r.recipient]} pill>
      {pt(`calls.who.${r.recipient}`)}
    </Badge>
  )
  if (r.recipient_id === null)
    return (
      <span className="flex flex-wrap items-center gap-1.5">
        {badge}
        {r.recipient_name && <span>{r.recipient_name}</span>}
      </span>
    )
  // The clients list has no page per client: it opens searched by the caller's number.
  const href =
    r.recipient === 'tutor'
      ? `/panel/users_show/${r.recipient_id}`
      : `/panel/clients_show?text=${encodeURIComponent(r.from || String(r.recipient_id))}`
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {badge}
      <a className="text-brand-dark underline underline-offset-2" href={href}>
        {r.recipient_name || pt('calls.person', { id: r.recipient_id })}
      </a>
      <span className="text-slate-500 tabular-nums">№{r.recipient_id}</span>
    </span>
  )
}

function StatusCell({ r, pt }: { r: Call; pt: PT }) {
  const tone: BadgeTone = DONE.has(r.status) ? 'green' : FAILED.has(r.status) ? 'red' : 'amber'
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone={tone}>{known(r.status) ? pt(`calls.status.${r.status}`) : r.status}</Badge>
      {r.duration !== null && (
        <span className="text-xs text-slate-600 tabular-nums">{pt('calls.duration', { s: r.duration })}</span>
      )}
      {r.recording_url && (
        <a className="text-xs text-brand-dark underline" href={r.recording_url} target="_blank" rel="noreferrer">
          {pt('calls.recording')}
        </a>
      )}
    </span>
  )
}

export function IncomingCallsPage({ title }: { title: string }) {
  const pt = usePT()
  const shortDate = usePanelShortDate()
  const utils = trpc.useUtils()
  const f = useUrlFilters(NO_FILTERS)
  const filters = {
    ...(f.filters.admin_id ? { admin_id: Number(f.filters.admin_id) } : {}),
    ...(f.filters.recipient ? { who_calls: { recipient: f.filters.recipient as CallParty } } : {}),
    // ?returned=0 (the desktop's "calls to return"): no call back reached the caller yet.
    ...(f.filters.returned === '0' || f.filters.returned === '1' ? { returned: f.filters.returned === '1' } : {}),
  }
  const list = trpc.admin.telephony.incomes.useQuery({ page: f.page, filters }, { placeholderData: (prev) => prev })
  const refresh = () => utils.admin.telephony.incomes.invalidate()
  const del = trpc.admin.telephony.deleteIncome.useMutation(announceAndRefresh(pt('calls.deleted'), refresh))
  const callBack = trpc.admin.telephony.outcomeToIncome.useMutation(announceAndRefresh(pt('calls.calling'), refresh))
  const admins = list.data?.admins ?? []

  const columns: Column<Call>[] = [
    {
      key: 'id',
      header: pt('p.id'),
      cell: (r) => <span className="text-slate-500 tabular-nums">{r.id}</span>,
      className: 'w-16',
    },
    {
      key: 'when',
      header: pt('calls.when'),
      cell: (r) => shortDate(r.created_at),
      className: 'whitespace-nowrap',
    },
    {
      key: 'from',
      header: pt('calls.from'),
      cell: (r) => (
        <a className="font-medium tabular-nums whitespace-nowrap" href={`tel:${r.from}`}>
          {r.from || '—'}
        </a>
      ),
    },
    { key: 'who', header: pt('calls.who'), cell: (r) => <Caller r={r} pt={pt} /> },
    {
      key: 'order',
      header: pt('calls.order'),
      cell: (r) =>
        r.order_id ? (
          <a
            className="text-brand-dark underline underline-offset-2 whitespace-nowrap"
            href={`/panel/users_orders/${r.order_id}/`}
          >
            {pt('calls.order_no', { id: r.order_id })}
          </a>
        ) : (
          '—'
        ),
    },
    { key: 'status', header: pt('p.status'), cell: (r) => <StatusCell r={r} pt={pt} /> },
    {
      key: 'admin',
      header: pt('calls.admin'),
      cell: (r) =>
        r.admin_name ? (
          <span>
            {r.admin_name}
            {r.callbacks > 0 && <span className="text-slate-500"> · {pt('calls.callbacks', { n: r.callbacks })}</span>}
          </span>
        ) : (
          '—'
        ),
    },
    actionsColumn(pt, (r) => (
      <RowActions
        pt={pt}
        testId={`call-actions-${r.id}`}
        remove={{
          title: pt('calls.delete_q', { from: r.from || String(r.id) }),
          description: pt('calls.delete_text'),
          onConfirm: () => del.mutateAsync({ id: r.id }),
        }}
      >
        <Button
          size="sm"
          variant="primary"
          disabled={callBack.isPending}
          onClick={() => callBack.mutate({ call_id: r.id })}
          data-testid={`call-back-${r.id}`}
        >
          {pt('calls.call_back')}
        </Button>
      </RowActions>
    )),
  ]

  return (
    <PanelList
      pt={pt}
      title={title}
      filters={{
        cols: 'md:grid-cols-4',
        onApply: () => f.apply(),
        onReset: () => f.reset(),
        fields: (
          <>
            <Select
              size="sm"
              id="calls-admin"
              label={pt('calls.admin')}
              value={f.draft.admin_id}
              onChange={(e) => f.set('admin_id')(e.target.value)}
              options={[
                { value: '', text: pt('p.any') },
                ...admins.map((a) => ({ value: String(a.id), text: a.name })),
              ]}
            />
            <Select
              size="sm"
              id="calls-who"
              label={pt('calls.who')}
              value={f.draft.recipient}
              onChange={(e) => f.set('recipient')(e.target.value)}
              options={[
                { value: '', text: pt('p.any') },
                ...(['client', 'tutor', 'unknown'] as const).map((w) => ({ value: w, text: pt(`calls.who.${w}`) })),
              ]}
            />
            <Select
              size="sm"
              id="calls-returned"
              label={pt('calls.returned')}
              value={f.draft.returned}
              onChange={(e) => f.set('returned')(e.target.value)}
              options={[
                { value: '', text: pt('p.any') },
                { value: '0', text: pt('calls.returned.0') },
                { value: '1', text: pt('calls.returned.1') },
              ]}
            />
          </>
        ),
      }}
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      page={f.page}
      onPage={f.setPage}
      empty={pt('calls.empty')}
    />
  )
}
