// The order's chat in the panel's order editor (the chat staff tools): every message of the
// order as staff see it (over the chat socket as `admin`: the history on connect, then live), who wrote to
// whom, when, read or not, and the image of a service message; per message "mark read" (a message to staff
// not read yet: POST /admin/order/chat/set_msg_read, which also clears the order's bell) and "delete" after a
// confirmation (POST /admin/order/chat/delete_msg); and a form for a service message (viber, SMS or whatsapp)
// to the client or the appointed tutor with an optional image (multipart POST
// /admin/order/chat/send_service_message). The socket's frames keep the list current: a deleted message
// leaves it, read marks arrive for every staff member looking.
import { useEffect, useRef, useState } from 'react'
import { type ChatMessageData, ChatSocket } from '../../lib/chat-socket'
import { postMultipart } from '../../account/tutor/upload'
import { trpc } from '../../lib/trpc'
import type { OrdersText } from '../../orders/text'
import { showError, showSuccess } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { Card } from '../../ui/Card'
import { ConfirmDialog } from '../../ui/Dialog'
import { CONTROL, Field } from '../../ui/Field'
import { Form, FormSelect, FormTextArea, Submit } from '../../ui/form/Form'
import { useActionForm } from '../../ui/form/use-action-form'
import { useLocale, usePanelFormatDate } from '../text'
import type { AreaKey } from '../../../i18n/areas'

type Message = ChatMessageData & { msg_service: number }
type Role = ChatMessageData['sender']

export function StaffOrderChat({
  orderId,
  clientId,
  tutorId,
  ot,
}: {
  orderId: number
  clientId: number | null
  tutorId: number | null
  ot: OrdersText
}) {
  const fmt = usePanelFormatDate()
  const info = trpc.auth.role.get.useQuery().data?.auth.admin_info
  const staffId = info ? info.admin_id : undefined
  const [messages, setMessages] = useState<Message[]>([])
  const [connected, setConnected] = useState(false)
  const utils = trpc.useUtils()
  const del = trpc.admin.orderChat.deleteMsg.useMutation()
  const read = trpc.admin.orderChat.setMsgRead.useMutation()

  useEffect(() => {
    if (!staffId) return
    const s = new ChatSocket({
      onStateChange: (st) => setConnected(st === 'open'),
      onFrame: (f) => {
        if (f.data.type === 0) {
          const m = { ...f.data.msg_data, msg_service: f.data.msg_service }
          setMessages((list) => (list.some((x) => x.id === m.id) ? list : [...list, m].sort((a, b) => a.id - b.id)))
        } else if (f.data.type === 1) {
          const gone = f.data.msg_data.id
          setMessages((list) => list.filter((x) => x.id !== gone))
        } else if (f.data.type === 2) {
          const { ids, read_at } = f.data.msg_data
          setMessages((list) => list.map((x) => (ids.includes(x.id) ? { ...x, read_at } : x)))
        }
      },
    })
    s.connect({ role: 'admin', id: staffId, order_id: orderId })
    return () => s.close()
  }, [staffId, orderId])

  const who = (role: Role) => ot(`orders.chat.role.${role}` as AreaKey<'orders'>)
  const remove = async (m: Message) => {
    try {
      await del.mutateAsync({ chat_id: m.id })
      setMessages((list) => list.filter((x) => x.id !== m.id))
      showSuccess(ot('orders.chat.deleted'))
    } catch (err) {
      showError(err)
    }
  }
  const markRead = async (m: Message) => {
    try {
      await read.mutateAsync({ chat_id: m.id, message_service: m.msg_service })
      const at = new Date().toISOString()
      setMessages((list) =>
        list.map((x) => (x.id <= m.id && x.recipient === 'admin' && !x.read_at ? { ...x, read_at: at } : x)),
      )
      showSuccess(ot('orders.chat.marked_read'))
      await utils.admin.orders.notifications.list.invalidate()
    } catch (err) {
      showError(err)
    }
  }

  return (
    <Card>
      <section aria-labelledby="staff-chat-title" data-testid="staff-chat">
        <h2 id="staff-chat-title" className="mb-3 font-semibold text-slate-900">
          {ot('orders.chat.title')}
        </h2>
        <ol
          className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto"
          aria-live="polite"
          data-testid="staff-chat-list"
        >
          {messages.length === 0 && (
            <li className="py-4 text-center text-sm text-slate-500">
              {connected ? ot('orders.page.chat_empty') : ot('orders.loading')}
            </li>
          )}
          {messages.map((m) => (
            <li
              key={m.id}
              data-testid={`staff-chat-msg-${m.id}`}
              className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
            >
              <div className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                <span className="font-semibold text-slate-800">
                  {who(m.sender)} → {who(m.recipient)}
                </span>
                {m.msg_service > 0 && (
                  <span className="rounded bg-slate-200 px-1.5 py-0.5 text-slate-700">
                    {ot(`orders.chat.service.${m.msg_service}` as AreaKey<'orders'>)}
                  </span>
                )}
                <span>{fmt(m.created_at)}</span>
                {m.recipient === 'admin' && (
                  <span>
                    {m.read_at ? (
                      ot('orders.chat.read')
                    ) : (
                      <strong className="text-amber-800">{ot('orders.chat.unread')}</strong>
                    )}
                  </span>
                )}
              </div>
              {m.msg_text && <p className="mt-1 whitespace-pre-line text-slate-900">{m.msg_text}</p>}
              {m.media && (
                <a href={m.media.url} target="_blank" rel="noopener noreferrer" className="mt-2 inline-block">
                  <img src={m.media.url} alt={m.media.name} className="max-h-40 rounded-md border border-slate-200" />
                </a>
              )}
              <div className="mt-2 flex flex-wrap gap-2">
                {m.recipient === 'admin' && !m.read_at && (
                  <Button size="sm" variant="secondary" disabled={read.isPending} onClick={() => markRead(m)}>
                    {ot('orders.chat.mark_read')}
                  </Button>
                )}
                <ConfirmDialog
                  size="sm"
                  trigger={
                    <Button size="sm" variant="secondary" className="text-red-700">
                      {ot('orders.chat.delete')}
                    </Button>
                  }
                  title={ot('orders.chat.delete_q')}
                  description={m.msg_text ? m.msg_text.slice(0, 200) : ot('orders.chat.delete_text')}
                  confirm={ot('orders.chat.delete')}
                  cancel={ot('orders.chat.cancel')}
                  onConfirm={() => remove(m)}
                />
              </div>
            </li>
          ))}
        </ol>
        <ServiceMessageForm orderId={orderId} clientId={clientId} tutorId={tutorId} ot={ot} />
      </section>
    </Card>
  )
}

/**
 * A service message: the channel, the recipient (the order's client, or the appointed tutor), a text and an
 * optional image. Multipart, so the action posts to the REST path itself; a 422 lands on the field it names.
 */
function ServiceMessageForm({
  orderId,
  clientId,
  tutorId,
  ot,
}: {
  orderId: number
  clientId: number | null
  tutorId: number | null
  ot: OrdersText
}) {
  const locale = useLocale()
  const file = useRef<HTMLInputElement>(null)
  const { form, submit, pending } = useActionForm(
    () => import('../../../common/schemas/admin/order-chat.schema').then((m) => m.ZServiceMessage),
    {
      defaults: { order_id: orderId, msg_service: '1', msg_text: '', recipient: clientId ? 'client' : 'tutor' },
      action: (v) => {
        const body = new FormData()
        body.set('order_id', String(orderId))
        body.set('msg_service', v.msg_service)
        body.set('msg_text', v.msg_text)
        body.set('recipient', v.recipient)
        const chosen = file.current?.files?.[0]
        if (chosen) body.set('media', chosen)
        return postMultipart('/admin/order/chat/send_service_message', body, undefined, locale)
      },
      success: ot('orders.chat.sent'),
      onDone: () => {
        form.reset({
          order_id: orderId,
          msg_service: form.getValues('msg_service'),
          msg_text: '',
          recipient: form.getValues('recipient'),
        })
        if (file.current) file.current.value = ''
      },
    },
  )
  const mediaError = form.formState.errors.media?.message as string | undefined
  return (
    <Form
      form={form}
      onSubmit={submit}
      className="mt-4 grid gap-3 border-t border-slate-100 pt-4 md:grid-cols-2"
      data-testid="service-message-form"
      aria-labelledby="service-message-title"
    >
      <h3 id="service-message-title" className="font-semibold text-slate-900 md:col-span-2">
        {ot('orders.chat.service_title')}
      </h3>
      <FormSelect size="sm" name="msg_service" id="sm-service" label={ot('orders.chat.channel')}>
        {[1, 2, 3].map((s) => (
          <option key={s} value={s}>
            {ot(`orders.chat.service.${s}` as AreaKey<'orders'>)}
          </option>
        ))}
      </FormSelect>
      <FormSelect size="sm" name="recipient" id="sm-recipient" label={ot('orders.chat.recipient')}>
        {clientId && <option value="client">{ot('orders.chat.role.client')}</option>}
        {tutorId && <option value="tutor">{ot('orders.chat.role.tutor')}</option>}
      </FormSelect>
      <div className="md:col-span-2">
        <FormTextArea size="sm" name="msg_text" id="sm-text" rows={3} maxLength={4000} label={ot('orders.chat.text')} />
      </div>
      <Field id="sm-media" size="sm" label={ot('orders.chat.image')} error={mediaError} className="md:col-span-2">
        <input
          ref={file}
          id="sm-media"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className={`${CONTROL.sm} py-1`}
          aria-invalid={mediaError ? true : undefined}
          aria-describedby={mediaError ? 'sm-media-error' : undefined}
        />
      </Field>
      <div className="md:col-span-2">
        <Submit size="sm" pending={pending} disabled={!clientId && !tutorId} data-testid="service-message-send">
          {ot('orders.chat.send')}
        </Submit>
      </div>
    </Form>
  )
}
