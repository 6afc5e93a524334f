// The demo marketplace's traffic, so a first start looks busy (docs/decisions.md#demo-data): tutors'
// wallets (paid top-ups, the fees of their paid orders, their TOP placements) and the chats of every
// demo order past the chat-opening point (an appointed tutor, docs/contract.md#chat), in the
// edition's own language. Written as the product's own paths leave them (`payment:`, `order:` and
// `top:` references, the order's payment record), in the seed's one transaction. Deterministic:
// amounts and lines are picked by index; dates are relative to the order's own, as in demo-tutors.ts.
import type { Db } from '../client'
import { sql } from 'kysely'
import type { Edition } from '../../common/editions'
import { peopleOf } from './demo-people'

const DAY = 86_400_000
const HOUR = 3_600_000

type Line = { from: 'client' | 'tutor' | 'admin'; text: string }

/** A conversation on an order, by the edition's language: the client, the tutor and a manager. */
export const DEMO_CHATS: Record<ReturnType<typeof peopleOf>['language'], Line[][]> = {
  uk: [
    [
      { from: 'tutor', text: 'Доброго дня! Я ваш репетитор за цією заявкою. Коли вам зручно провести перше заняття?' },
      { from: 'client', text: 'Добрий день! Найкраще в будні ввечері.' },
      {
        from: 'tutor',
        text: 'Добре, призначу перше заняття в заявці, дату й час побачите там. Підготуйте, будь ласка, останні шкільні контрольні.',
      },
      { from: 'client', text: 'Чудово, домовились. Дякую!' },
    ],
    [
      { from: 'client', text: 'Вітаю! Підкажіть, чи можна займатися онлайн?' },
      { from: 'tutor', text: 'Так, звісно. Надішлю посилання на відеодзвінок за годину до заняття.' },
      { from: 'client', text: 'Добре. А що потрібно мати з собою?' },
      { from: 'tutor', text: 'Зошит і підручник. Решту матеріалів я підготую сам.' },
    ],
  ],
  pl: [
    [
      {
        from: 'tutor',
        text: 'Dzień dobry! Jestem korepetytorem do tego zgłoszenia. Kiedy pasuje Państwu pierwsza lekcja?',
      },
      { from: 'client', text: 'Dzień dobry! Najlepiej w dzień powszedni wieczorem.' },
      {
        from: 'tutor',
        text: 'Dobrze, wpiszę pierwszą lekcję w zgłoszeniu, tam będzie data i godzina. Proszę przygotować ostatnie sprawdziany.',
      },
      { from: 'client', text: 'Świetnie, umówione. Dziękuję!' },
    ],
    [
      { from: 'client', text: 'Witam! Czy lekcje mogą odbywać się online?' },
      { from: 'tutor', text: 'Oczywiście. Link do rozmowy wideo wyślę godzinę przed zajęciami.' },
      { from: 'client', text: 'Dobrze. Co trzeba przygotować?' },
      { from: 'tutor', text: 'Zeszyt i podręcznik. Resztę materiałów przygotuję sam.' },
    ],
  ],
  ru: [
    [
      { from: 'tutor', text: 'Добрый день! Я ваш репетитор по этой заявке. Когда вам удобно провести первое занятие?' },
      { from: 'client', text: 'Здравствуйте! Лучше всего в будни вечером.' },
      {
        from: 'tutor',
        text: 'Хорошо, назначу первое занятие в заявке, дату и время увидите там. Подготовьте, пожалуйста, последние контрольные.',
      },
      { from: 'client', text: 'Отлично, договорились. Спасибо!' },
    ],
    [
      { from: 'client', text: 'Здравствуйте! Можно ли заниматься онлайн?' },
      { from: 'tutor', text: 'Да, конечно. Ссылку на видеозвонок пришлю за час до занятия.' },
      { from: 'client', text: 'Хорошо. Что нужно подготовить?' },
      { from: 'tutor', text: 'Тетрадь и учебник. Остальные материалы я подготовлю сам.' },
    ],
  ],
  en: [
    [
      { from: 'tutor', text: "Hello! I'm your tutor for this request. When would suit you for the first lesson?" },
      { from: 'client', text: 'Hi! A weekday evening works best.' },
      {
        from: 'tutor',
        text: "Good, I'll set the first lesson on the request, you'll see the date and time there. Please have your latest tests at hand.",
      },
      { from: 'client', text: 'Great, see you then. Thank you!' },
    ],
    [
      { from: 'client', text: 'Hello! Can we have the lessons online?' },
      { from: 'tutor', text: "Of course. I'll send the video call link an hour before the lesson." },
      { from: 'client', text: 'Good. What should I prepare?' },
      { from: 'tutor', text: "A notebook and your textbook. I'll bring the rest of the materials." },
    ],
  ],
  es: [
    [
      { from: 'tutor', text: '¡Hola! Soy tu profesor para esta solicitud. ¿Cuándo te viene bien la primera clase?' },
      { from: 'client', text: '¡Hola! Mejor un día entre semana por la tarde.' },
      {
        from: 'tutor',
        text: 'Bien, fijo la primera clase en la solicitud y allí verás la fecha y la hora. Ten a mano tus últimos exámenes, por favor.',
      },
      { from: 'client', text: 'Perfecto, quedamos así. ¡Gracias!' },
    ],
    [
      { from: 'client', text: '¡Hola! ¿Podemos hacer las clases en línea?' },
      { from: 'tutor', text: 'Claro. Te enviaré el enlace de la videollamada una hora antes de la clase.' },
      { from: 'client', text: 'Bien. ¿Qué necesito preparar?' },
      { from: 'tutor', text: 'Un cuaderno y tu libro de texto. Yo preparo el resto de materiales.' },
    ],
  ],
}

/** A manager's notes on the demo account's orders (the admin chat blocks): to the client, to the tutor. */
const MANAGER_NOTES: Record<ReturnType<typeof peopleOf>['language'], { client: string; tutor: string }> = {
  uk: {
    client: 'Вітаю! Я менеджер сервісу. Якщо будуть питання щодо заняття, пишіть сюди.',
    tutor: 'Добрий день! Клієнт чекає на ваш дзвінок, домовтеся, будь ласка, про перше заняття.',
  },
  pl: {
    client: 'Dzień dobry! Jestem menedżerem serwisu. W razie pytań o lekcję proszę pisać tutaj.',
    tutor: 'Dzień dobry! Klient czeka na kontakt, proszę ustalić termin pierwszej lekcji.',
  },
  ru: {
    client: 'Здравствуйте! Я менеджер сервиса. Если появятся вопросы о занятии, пишите сюда.',
    tutor: 'Добрый день! Клиент ждёт вашего звонка, договоритесь, пожалуйста, о первом занятии.',
  },
  en: {
    client: "Hello! I'm your manager here. If you have any questions about the lesson, write here.",
    tutor: 'Hello! The client is waiting for your call, please agree on the first lesson.',
  },
  es: {
    client: '¡Hola! Soy tu gestor. Si tienes preguntas sobre la clase, escríbenos aquí.',
    tutor: '¡Hola! El cliente espera tu llamada; acordad, por favor, la primera clase.',
  },
}

interface DemoOrder {
  id: number
  client_id: number | null
  tutor_id: number | null
  appointed_at: Date | null
  created_at: Date
  paid_at: Date | null
  fee_minor: number | null
}

/** Wallets and chats of the demo (the demo account's tutor first; `staffId` writes the manager's notes). */
export async function seedDemoActivity(db: Db, ed: Edition, a: { accountTutorId: number; staffId: number }) {
  const language = peopleOf(ed.code).language
  const orders: DemoOrder[] = await db
    .selectFrom('orders')
    .select(['id', 'client_id', 'tutor_id', 'appointed_at', 'created_at', 'paid_at', 'fee_minor'])
    .where('edition', '=', ed.code)
    .where('tutor_id', 'is not', null)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute()
  await seedChats(db, { orders, lines: DEMO_CHATS[language], notes: MANAGER_NOTES[language], ...a })
  await seedWallets(db, ed, { orders, accountTutorId: a.accountTutorId })
}

async function seedChats(
  db: Db,
  a: {
    orders: DemoOrder[]
    lines: Line[][]
    notes: { client: string; tutor: string }
    accountTutorId: number
    staffId: number
  },
) {
  const now = Date.now()
  // Never in the future: an order appointed at the seed's own moment talks in the minutes before it.
  const past = (at: number, minutesBeforeNow: number) => new Date(Math.min(at, now - minutesBeforeNow * 60_000))
  const rows = a.orders.flatMap((o, i) => {
    const start = (o.appointed_at ?? o.created_at).getTime() + HOUR
    const talk = a.lines[i % a.lines.length]!
    const messages = talk.map((line, k) => {
      const at = past(start + k * 2 * HOUR, talk.length - k)
      return {
        order_id: o.id,
        sender: line.from,
        sender_id: line.from === 'client' ? o.client_id! : o.tutor_id!,
        recipient: line.from === 'client' ? 'tutor' : 'client',
        recipient_id: line.from === 'client' ? o.tutor_id! : o.client_id!,
        msg_text: line.text,
        created_at: at,
        read_at: past(at.getTime() + 10 * 60_000, 0),
      }
    })
    // The demo account's orders also carry a manager's note to each party.
    if (o.tutor_id === a.accountTutorId)
      messages.unshift(
        ...(['client', 'tutor'] as const).map((to, k) => ({
          order_id: o.id,
          sender: 'admin' as const,
          sender_id: a.staffId,
          recipient: to,
          recipient_id: to === 'client' ? o.client_id! : o.tutor_id!,
          msg_text: a.notes[to],
          created_at: past(start - HOUR / 2 + k * 60_000, 10 - k),
          read_at: past(start, 5),
        })),
      )
    return messages
  })
  // In the order they were written: ids grow with time in the product, and the chats list puts the chat
  // with the newest message id first.
  rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
  if (rows.length) await db.insertInto('chat_messages').values(rows).execute()
}

async function seedWallets(db: Db, ed: Edition, a: { orders: DemoOrder[]; accountTutorId: number }) {
  const defaultFee = await db
    .selectFrom('order_fees')
    .select('fee_minor')
    .where('edition', '=', ed.code)
    .orderBy('rate_id', (ob) => ob.nullsFirst())
    .limit(1)
    .executeTakeFirst()
  const fee = Number(defaultFee?.fee_minor ?? 10_000)
  const tops = await db
    .selectFrom('tops')
    .innerJoin('tutors', 'tutors.id', 'tops.tutor_id')
    .select(['tops.id', 'tops.tutor_id', 'tops.starts_at'])
    .orderBy('tops.id')
    .execute()
  // The demo account's wallet is written by its orders (demo-orders.ts), through the product's own payment.
  const paidOrders = a.orders.filter((o) => o.paid_at && o.tutor_id !== a.accountTutorId)
  const tutorIds = [...new Set([...paidOrders.map((o) => o.tutor_id!), ...tops.map((t) => t.tutor_id)])].filter(
    (id) => id !== a.accountTutorId,
  )

  // Rows made in memory in the order a tutor's history lists them (by id), then written a table at a
  // time: a statement per row took seconds of a first start.
  const before = new Map(
    (
      await db
        .selectFrom('payments')
        .select(['tutor_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('tutor_id', 'in', tutorIds.length ? tutorIds : [0])
        .groupBy('tutor_id')
        .execute()
    ).map((r) => [r.tutor_id, Number(r.n)]),
  )
  const topUps: { tutorId: number; amount: number; at: Date }[] = []
  const entries: (WalletEntry & { order?: DemoOrder; fee?: number; topUp?: number })[] = []
  const paidTops: number[] = []
  const topPrice = 3 * fee
  for (const [i, tutorId] of tutorIds.entries()) {
    const mine = paidOrders
      .filter((o) => o.tutor_id === tutorId)
      .sort((x, y) => x.paid_at!.getTime() - y.paid_at!.getTime())
    const top = tops.find((t) => t.tutor_id === tutorId)
    // What the tutor spends, then a top-up before the first spending that covers it with some left.
    const spent = mine.length * fee + (top ? topPrice : 0)
    const first = Math.min(
      ...mine.map((o) => o.paid_at!.getTime()),
      top ? top.starts_at.getTime() : Number.POSITIVE_INFINITY,
      Date.now() - 12 * DAY,
    )
    const at = new Date(first - 2 * DAY)
    const amount = spent + (2 + (i % 4)) * fee
    topUps.push({ tutorId, amount, at })
    entries.push({ tutorId, amount, kind: 'top_up', reference: '', at, topUp: topUps.length - 1 })
    for (const o of mine) {
      const paidFee = o.fee_minor ?? fee
      entries.push({
        tutorId,
        amount: -paidFee,
        kind: 'order_fee',
        reference: `order:${o.id}`,
        at: o.paid_at!,
        order: o,
        fee: paidFee,
      })
    }
    if (top) {
      paidTops.push(top.id)
      entries.push({ tutorId, amount: -topPrice, kind: 'top_placement', reference: `top:${top.id}`, at: top.starts_at })
    }
  }
  if (!topUps.length) return
  const payments = await db
    .insertInto('payments')
    .values(
      topUps.map((t) => {
        const n = (before.get(t.tutorId) ?? 0) + 1
        before.set(t.tutorId, n)
        return topUpPaymentRow(ed, t, n)
      }),
    )
    .returning('id')
    .execute()
  for (const e of entries) if (e.topUp !== undefined) e.reference = `payment:${payments[e.topUp]!.id}`
  // RETURNING gives the rows in the order of VALUES (one INSERT … VALUES statement).
  const ids = await db
    .insertInto('wallet_entries')
    .values(entries.map(entryRow(ed)))
    .returning('id')
    .execute()
  // Each order's payment record, as paying from the wallet writes it (money/wallet.ts).
  const paidFromWallet = entries.flatMap((e, j) =>
    e.order
      ? [
          {
            id: e.order.id,
            fee: e.fee!,
            data: JSON.stringify({
              amount: e.fee! / 100,
              amount_minor: e.fee!,
              currency: ed.currency,
              method: 'wallet',
              entry_id: Number(ids[j]!.id),
              date: e.order.paid_at!.toISOString().slice(0, 10),
            }),
          },
        ]
      : [],
  )
  if (paidFromWallet.length)
    await sql`update orders o set fee_minor = v.fee, fee_currency = ${ed.currency}, payment_data = v.data::jsonb
      from jsonb_to_recordset(${JSON.stringify(paidFromWallet)}::text::jsonb) as v(id int, fee int, data text)
      where o.id = v.id`.execute(db)
  if (paidTops.length) await db.updateTable('tops').set({ paid_amount: topPrice }).where('id', 'in', paidTops).execute()
}

interface WalletEntry {
  tutorId: number
  amount: number
  kind: string
  reference: string
  at: Date
}

/** A wallet_entries row of an entry (a top-up is the system's, a spending the tutor's own). */
const entryRow = (ed: Edition) => (e: WalletEntry) => ({
  tutor_id: e.tutorId,
  amount_minor: e.amount,
  currency: ed.currency,
  kind: e.kind,
  reference: e.reference,
  actor_kind: e.kind === 'top_up' ? 'system' : 'tutor',
  actor_id: e.kind === 'top_up' ? null : e.tutorId,
  created_at: e.at,
})

/** The payments row of a tutor's `n`-th demo top-up: paid and credited, by the edition's first provider. */
const topUpPaymentRow = (ed: Edition, t: { tutorId: number; amount: number; at: Date }, n: number) => ({
  reference: `${ed.code}-demo-${t.tutorId}-${n}`,
  edition: ed.code,
  tutor_id: t.tutorId,
  provider: ed.payProviders[0] ?? 'local',
  purpose: 'wallet',
  amount_minor: t.amount,
  currency: ed.currency,
  status: 'paid',
  outcome: 'credited',
  paid_at: t.at,
  created_at: t.at,
})

/** A paid wallet top-up by the edition's first provider: the payment row and its credit, at `at`. */
export async function seedDemoTopUp(db: Db, ed: Edition, t: { tutorId: number; amount: number; at: Date }) {
  const n = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tutor_id', '=', t.tutorId)
    .executeTakeFirstOrThrow()
  const payment = await db
    .insertInto('payments')
    .values(topUpPaymentRow(ed, t, Number(n.n) + 1))
    .returning('id')
    .executeTakeFirstOrThrow()
  await entry(db, ed, {
    tutorId: t.tutorId,
    amount: t.amount,
    kind: 'top_up',
    reference: `payment:${payment.id}`,
    at: t.at,
  })
}

async function entry(
  db: Db,
  ed: Edition,
  e: { tutorId: number; amount: number; kind: string; reference: string; at: Date },
): Promise<number> {
  const row = await db.insertInto('wallet_entries').values(entryRow(ed)(e)).returning('id').executeTakeFirstOrThrow()
  return Number(row.id)
}
