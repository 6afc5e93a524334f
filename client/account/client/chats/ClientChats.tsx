// /client_chats: the client's order chats (GET /client/orders/chats, tRPC clientArea.chats.list),
// newest conversation first. Each card names the order, its subject and appointed tutor, shows the
// last message and the unread count, and opens the order page at the chat that message belongs to
// (#client_chat_block with the tutor, #admin_chat_block with staff or when nothing was written yet).
import type { inferRouterOutputs } from '@trpc/server'
import { Link } from 'wouter'
import type { AppRouter } from '../../../../server/routers/app'
import { type AreaText, useAreaText } from '../../../lib/area-text'
import { useLocalePath } from '../../../lib/paths'
import { useSite } from '../../../lib/site'
import { trpc } from '../../../lib/trpc'
import { useFormatDate } from '../../../ui/Date'
import { EmptyState } from '../../../ui/State'

type ChatItem = inferRouterOutputs<AppRouter>['clientArea']['chats']['list']['items'][number]
type Message = NonNullable<ChatItem['last_message']>

/** Polled like the tutor's bell, so a new message shows without a reload. */
const REFRESH_MS = 60_000

/** The order page's chat block a message belongs to (client/orders/OrderChat.tsx splits them the same way). */
function chatBlockOf(m: Message | null): 'client_chat_block' | 'admin_chat_block' {
  if (!m) return 'admin_chat_block'
  const withStaff = m.sender === 'admin' || m.recipient === 'admin' || m.sender === 'system'
  return withStaff ? 'admin_chat_block' : 'client_chat_block'
}

export default function ClientChats() {
  const { t } = useSite()
  const ct = useAreaText('clientAccount')
  const href = useLocalePath()
  // Opening a chat reads its messages: coming back, the list is asked again (staleTime 0).
  const chats = trpc.clientArea.chats.list.useQuery(undefined, { staleTime: 0, refetchInterval: REFRESH_MS })
  return (
    <section className="flex flex-col gap-5" data-testid="client-chats" aria-labelledby="client-chats-title">
      <div>
        <h1 id="client-chats-title" className="text-2xl font-bold text-slate-900">
          {t('header.client_chats')}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{ct('clientAccount.chats_intro')}</p>
      </div>
      {chats.isPending && (
        <p aria-busy="true" className="text-slate-500">
          {ct('clientAccount.loading')}
        </p>
      )}
      {chats.isError && !chats.data && (
        <p role="alert" className="rounded-2xl bg-rose-50 p-5 text-rose-800 ring-1 ring-rose-200">
          {ct('clientAccount.chats_error')}
        </p>
      )}
      {chats.data && !chats.data.items.length && (
        <EmptyState
          testId="chats-empty"
          icon={<ChatIcon className="size-10 text-slate-300" />}
          action={
            <a
              href={href('/')}
              className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
            >
              {ct('clientAccount.chats_empty_cta')}
            </a>
          }
        >
          {ct('clientAccount.chats_empty')}
        </EmptyState>
      )}
      {!!chats.data?.items.length && (
        <ul className="flex flex-col gap-3">
          {chats.data.items.map((c) => (
            <ChatCard key={c.order_id} chat={c} ct={ct} />
          ))}
        </ul>
      )}
    </section>
  )
}

function ChatCard({ chat, ct }: { chat: ChatItem; ct: AreaText<'clientAccount'> }) {
  const href = useLocalePath()
  const fmt = useFormatDate()
  const m = chat.last_message
  const unread = chat.unread_count > 0
  const who = !m
    ? null
    : m.sender === 'client'
      ? ct('clientAccount.chats_you')
      : m.sender === 'tutor'
        ? ct('clientAccount.chats_from_tutor')
        : ct('clientAccount.chats_from_manager')
  const text = m ? m.msg_text || (m.media ? ct('clientAccount.chats_attachment') : '') : ''
  return (
    <li>
      <Link
        href={href(`/zayavka/${chat.order_id}/#${chatBlockOf(m)}`)}
        data-testid="chat-card"
        data-order={chat.order_id}
        className={`group flex gap-4 rounded-2xl border bg-white p-4 shadow-sm transition-colors hover:border-brand/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand md:p-5 ${unread ? 'border-brand/40' : 'border-slate-200'}`}
      >
        <span
          aria-hidden="true"
          className={`hidden size-10 shrink-0 items-center justify-center rounded-full sm:flex ${unread ? 'bg-brand/10 text-brand-dark' : 'bg-slate-100 text-slate-500'}`}
        >
          <ChatIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
            <span className="font-semibold text-slate-900 group-hover:text-brand-dark">
              {ct('clientAccount.chats_order_n', { id: chat.order_id })}
            </span>
            {chat.lesson_name && <span className="text-slate-700">{chat.lesson_name}</span>}
            {m && (
              <time dateTime={m.created_at} className="ml-auto text-xs whitespace-nowrap text-slate-500">
                {fmt(m.created_at)}
              </time>
            )}
          </div>
          {chat.tutor_name && (
            <p className="mt-0.5 text-sm text-slate-500">
              {ct('clientAccount.chats_tutor', { name: chat.tutor_name })}
            </p>
          )}
          <div className="mt-2 flex items-center gap-3">
            {m ? (
              <p
                data-testid="chat-last-message"
                className={`min-w-0 flex-1 truncate text-sm ${unread ? 'font-medium text-slate-900' : 'text-slate-600'}`}
              >
                <span className={unread ? 'text-slate-600' : 'text-slate-500'}>{who}</span> {text}
              </p>
            ) : (
              <p data-testid="chat-last-message" className="min-w-0 flex-1 text-sm text-slate-500 italic">
                {ct('clientAccount.chats_no_messages')}
              </p>
            )}
            {unread && (
              <span
                data-testid="chat-unread"
                className="flex h-6 min-w-6 shrink-0 items-center justify-center rounded-full bg-brand px-2 text-xs font-semibold text-white"
              >
                <span aria-hidden="true">{chat.unread_count}</span>
                <span className="sr-only">{ct('clientAccount.chats_unread', { count: chat.unread_count })}</span>
              </span>
            )}
          </div>
        </div>
      </Link>
    </li>
  )
}

function ChatIcon({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
    </svg>
  )
}
