// The order's two chat blocks (#client_chat_block: the client and the appointed tutor;
// #admin_chat_block: a party and the staff) over client/lib/chat-socket.ts. One socket per page:
// the server sends the author's history on connect, then new messages; each block shows the
// messages between its two sides. A message typed here shows at once as a pending bubble ("Sending…")
// until the server's echo of the stored message replaces it; one without an echo after 30 s shows
// "Not sent" with a retry button. Pending messages are kept per order in localStorage (a reload does
// not lose them) and resent with their own id on every reconnect.
import { useEffect, useMemo, useRef, useState } from 'react'
import { type ChatMessageData, type ChatRole, ChatSocket, type PendingMessage } from '../lib/chat-socket'
import type { OrdersText } from './text'
import { useFormatDate } from '../ui/Date'
import { CONTROL } from '../ui/Field'
import { Form, Submit } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'

export interface ChatSide {
  role: ChatRole
  id: number
}

const withAdmin = (m: ChatMessageData) => m.sender === 'admin' || m.recipient === 'admin' || m.sender === 'system'

export function OrderChat({
  me,
  orderId,
  tutor,
  client,
  ot,
}: {
  me: ChatSide
  orderId: number
  tutor: number | null
  client: number | null
  ot: OrdersText
}) {
  const [messages, setMessages] = useState<ChatMessageData[]>([])
  const [open, setOpen] = useState(false)
  // The "reconnecting" line shows once a connection was lost, not while the page first connects.
  const [everOpen, setEverOpen] = useState(false)
  const [pending, setPending] = useState<PendingMessage[]>([])
  const socket = useRef<ChatSocket | null>(null)
  useEffect(() => {
    const s = new ChatSocket({
      onStateChange: (st) => {
        setOpen(st === 'open')
        if (st === 'open') setEverOpen(true)
      },
      onPendingChange: setPending,
      onFrame: (f) => {
        if (f.data.type === 0) {
          const m = f.data.msg_data
          setMessages((list) => (list.some((x) => x.id === m.id) ? list : [...list, m]))
        } else if (f.data.type === 1) {
          const gone = f.data.msg_data.id
          setMessages((list) => list.filter((x) => x.id !== gone))
        }
      },
    })
    s.connect({ role: me.role, id: me.id, order_id: orderId })
    socket.current = s
    return () => s.close()
  }, [me.role, me.id, orderId])

  const blocks = useMemo(() => {
    // A pending message of staff goes to a client or tutor; of a client or tutor, to staff or the other party.
    const pendingWithAdmin = (m: PendingMessage) => me.role === 'admin' || m.recipient === 'admin'
    return {
      client: messages.filter((m) => !withAdmin(m)),
      admin: messages.filter(withAdmin),
      clientPending: pending.filter((m) => !pendingWithAdmin(m)),
      adminPending: pending.filter(pendingWithAdmin),
    }
  }, [messages, pending, me.role])
  const send = (recipient: ChatRole, recipientId: number, text: string) =>
    socket.current?.send(recipient, recipientId, text) != null
  const retry = (clientMsgId: string) => socket.current?.retry(clientMsgId)

  // Who each block writes to, from this viewer's side.
  const partyPeer: [ChatRole, number] | null =
    me.role === 'client' && tutor ? ['tutor', tutor] : me.role === 'tutor' && client ? ['client', client] : null
  const adminPeer: [ChatRole, number] | null = me.role === 'admin' ? (client ? ['client', client] : null) : ['admin', 0]

  return (
    <div className="grid gap-5 lg:grid-cols-2">
      {me.role !== 'admin' || tutor ? (
        <ChatBlock
          id="client_chat_block"
          title={ot(me.role === 'client' ? 'orders.page.chat_client' : 'orders.page.chat_with_client')}
          messages={blocks.client}
          pending={blocks.clientPending}
          retry={retry}
          me={me}
          peer={partyPeer}
          offline={everOpen && !open}
          send={send}
          ot={ot}
          closedNote={me.role === 'client' && !tutor ? ot('orders.page.chat_opens') : undefined}
        />
      ) : null}
      <ChatBlock
        id="admin_chat_block"
        title={ot('orders.page.chat_admin')}
        messages={blocks.admin}
        pending={blocks.adminPending}
        retry={retry}
        me={me}
        peer={adminPeer}
        offline={everOpen && !open}
        send={send}
        ot={ot}
      />
    </div>
  )
}

function ChatBlock(props: {
  id: string
  title: string
  messages: ChatMessageData[]
  pending: PendingMessage[]
  retry: (clientMsgId: string) => void
  me: ChatSide
  peer: [ChatRole, number] | null
  offline: boolean
  send: (r: ChatRole, id: number, text: string) => boolean
  ot: OrdersText
  /** Shown instead of the input while this chat is not open yet: when it opens. */
  closedNote?: string | undefined
}) {
  const { id, title, messages, pending, retry, me, peer, offline, send, ot, closedNote } = props
  const fmt = useFormatDate()
  const list = useRef<HTMLOListElement>(null)
  const section = useRef<HTMLElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message (either list) is the trigger
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight })
  }, [messages.length, pending.length])
  // A link to this block (/zayavka/{id}/#admin_chat_block, e.g. from /client_chats): the page renders
  // after its data, too late for the browser's own jump to the fragment, so the block brings itself into view.
  useEffect(() => {
    if (window.location.hash === `#${id}`) section.current?.scrollIntoView({ block: 'start' })
  }, [id])
  return (
    <section
      ref={section}
      id={id}
      aria-labelledby={`${id}-title`}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <h2 id={`${id}-title`} className="border-b border-slate-100 px-5 py-3 font-semibold text-slate-900">
        {title}
      </h2>
      <ol ref={list} aria-live="polite" className="flex max-h-80 min-h-32 flex-col gap-2 overflow-y-auto px-5 py-3">
        {messages.length === 0 && pending.length === 0 && (
          <li className="m-auto text-sm text-slate-500">{ot('orders.page.chat_empty')}</li>
        )}
        {messages.map((m) => {
          const mine = m.sender === me.role && (me.role === 'admin' || m.sender_id === me.id)
          return (
            <li
              key={m.id}
              className={`max-w-[80%] rounded-2xl px-3 py-2 text-sm ${mine ? 'self-end bg-brand text-white' : 'self-start bg-slate-100 text-slate-900'}`}
            >
              {m.msg_text && <p className="whitespace-pre-line">{m.msg_text}</p>}
              {/* A staff service message may carry an image (GET /api/chat/media?id, for the parties who see it). */}
              {m.media && (
                <a href={m.media.url} target="_blank" rel="noopener noreferrer" className="mt-1 block">
                  <img src={m.media.url} alt={m.media.name} className="max-h-48 rounded-lg" />
                </a>
              )}
              <p className={`mt-0.5 text-xs ${mine ? 'text-white/80' : 'text-slate-500'}`}>{fmt(m.created_at)}</p>
            </li>
          )
        })}
        {pending.map((m) => (
          <li
            key={m.client_msg_id}
            data-chat-status={m.status}
            className={`max-w-[80%] self-end rounded-2xl px-3 py-2 text-sm ${m.status === 'failed' ? 'border border-red-300 bg-red-50 text-slate-900' : 'bg-brand/60 text-white'}`}
          >
            <p className="whitespace-pre-line">{m.msg_text}</p>
            {m.status === 'failed' ? (
              <p className="mt-0.5 flex items-center gap-2 text-xs text-red-700">
                {ot('orders.page.chat_failed')}
                <button
                  type="button"
                  className="font-semibold underline underline-offset-2 hover:text-red-900"
                  onClick={() => retry(m.client_msg_id)}
                >
                  {ot('orders.page.chat_retry')}
                </button>
              </p>
            ) : (
              <p className="mt-0.5 text-xs text-white/90">{ot('orders.page.chat_pending')}</p>
            )}
          </li>
        ))}
      </ol>
      {peer && offline && <p className="px-5 pb-1 text-xs text-slate-500">{ot('orders.page.chat_offline')}</p>}
      {peer && <Composer id={id} peer={peer} send={send} ot={ot} />}
      {!peer && closedNote && (
        <p className="border-t border-slate-100 px-5 py-3 text-sm text-slate-600" data-testid="chat-closed-note">
          {closedNote}
        </p>
      )}
    </section>
  )
}

/**
 * The message composer: a useActionForm with the one field of the chat frame's own schema
 * (common/chat-protocol.ts ZChatMessage's msg_text). Sending hands the text to the socket as a pending
 * message (shown in the list until acknowledged), so the input clears only into a pending bubble; it
 * works while the socket reconnects (the message goes once it opens).
 */
function Composer({
  id,
  peer,
  send,
  ot,
}: {
  id: string
  peer: [ChatRole, number]
  send: (r: ChatRole, id: number, text: string) => boolean
  ot: OrdersText
}) {
  const { form, submit, pending } = useActionForm(
    () => import('../../common/chat-protocol').then((m) => m.ZChatMessage.pick({ msg_text: true })),
    {
      defaults: { msg_text: '' },
      action: async (v) => {
        // Without a connection author (a refused chat) the text stays in the input.
        if (!send(peer[0], peer[1], v.msg_text.trim())) throw new Error('chat closed')
      },
      onDone: () => {
        form.reset({ msg_text: '' })
      },
    },
  )
  const text = form.watch('msg_text') ?? ''
  return (
    <Form form={form} onSubmit={submit} className="flex gap-2 border-t border-slate-100 p-3">
      <label htmlFor={`${id}-input`} className="sr-only">
        {ot('orders.page.chat_placeholder')}
      </label>
      <input
        id={`${id}-input`}
        className={CONTROL.md}
        placeholder={ot('orders.page.chat_placeholder')}
        maxLength={4000}
        autoComplete="off"
        {...form.register('msg_text')}
      />
      <Submit pending={pending} disabled={!text.trim()}>
        {ot('orders.page.chat_send')}
      </Submit>
    </Form>
  )
}
