// The order status machine, checked over every action × status × actor kind against the table below,
// written out here independently of common/order-status.ts (and docs/domain.md#order-states).
import { describe, expect, test } from 'bun:test'
import { DomainError } from '../../common/errors'
import {
  ORDER_ACTIONS,
  ORDER_RULES,
  OrderStatus,
  transition,
  availableActions,
  orderRulesResource,
} from '../../common/order-status'

// action | from statuses | to (status, = same, < previous) | actor kinds (s staff, t tutor, c client, y system)
const EXPECTED = `
save                              | 1 2 3 4 5 6 7 8 | = | s
delete                            | 1 2 3 4 5 6 8   | = | s
set_favorite                      | 1 2 3 4 5 6 7 8 | = | s
sms_client                        | 1 2 3 4 5 6 7 8 | = | s
sms_tutor                         | 1 2 3 4 5 6 7 8 | = | s
set_processing                    | 1 3             | 2 | s
set_potential                     | 1 2             | 3 | s
set_potential_off                 | 3               | 2 | s
set_auto_appoint_potential_tutors | 1 2 3           | = | s
tutor_mark_yellow                 | 1 2 3 4 5 6     | = | s
tutor_mark_yellow_off             | 1 2 3 4 5 6     | = | s
set_school_new                    | 1 2 3           | = | s
set_school_processing             | 1 2 3           | = | s
set_other_site_new                | 1 2 3           | = | s
respond_personal                  | 1 2             | = | t
respond_potential                 | 3               | = | t
set_refused_reason                | 1 2 3           | = | t
add_info                          | 1 2 3           | = | c
set_rate                          | 1 2 3 4         | = | c
make_personal_tutor               | 1 2 3           | = | c
client_delete                     | 1 2 3 4 6       | 8 | c
appoint_tutor                     | 1 2 3           | 4 | s c y
delete_tutor                      | 4 5             | 2 | s
set_first_class                   | 4 5             | 5 | s t c
set_paid                          | 4 5             | 7 | s
pay                               | 5               | 7 | t y
set_paid_off                      | 7               | 5 | s
set_pause                         | 1 2 3 4 5       | 6 | s
unpause                           | 6               | < | s y
set_lost                          | 1 2 3 4 5 6     | 8 | s
set_lost_off                      | 8               | < | s
set_review                        | 7               | = | s c
set_review_response               | 7               | = | s t
request_review                    | 7               | = | t
set_no_review                     | 7               | = | s
set_empty_review                  | 7               | = | s
`
const KIND = { s: 'staff', t: 'tutor', c: 'client', y: 'system' } as const
const expected = new Map(
  EXPECTED.trim()
    .split('\n')
    .map((line) => {
      const [action, from, to, by] = line.split('|').map((s) => s.trim())
      return [
        action!,
        {
          from: from!.split(/\s+/).map(Number),
          to: to!,
          by: by!.split(/\s+/).map((k) => KIND[k as keyof typeof KIND]),
        },
      ] as const
    }),
)
const STATUSES = [1, 2, 3, 4, 5, 6, 7, 8]
const ACTORS = ['staff', 'tutor', 'client', 'system'] as const

function outcome(fn: () => unknown): string {
  try {
    fn()
    return 'ok'
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e)
  }
}

describe('order status machine', () => {
  test('statuses: 7 is paid, eight values', () => {
    expect(OrderStatus.Paid).toBe(7)
    expect((Object.values(OrderStatus) as number[]).sort()).toEqual(STATUSES)
  })

  test('the table declares exactly the expected actions', () => {
    expect(([...ORDER_ACTIONS] as string[]).sort()).toEqual([...expected.keys()].sort())
  })

  for (const action of ORDER_ACTIONS) {
    test(action, () => {
      const exp = expected.get(action)!
      let checked = 0
      for (const status of STATUSES)
        for (const kind of ACTORS) {
          const previous = status === 6 || status === 8 ? 4 : null
          let moved: ReturnType<typeof transition> | undefined
          const got = outcome(() => (moved = transition({ status, previous_status: previous }, action, { kind })))
          const want = !exp.by.includes(kind) ? 'forbidden' : !exp.from.includes(status) ? 'wrong_status' : 'ok'
          if (got !== want) throw new Error(`${action} from ${status} by ${kind}: expected ${want}, got ${got}`)
          if (want === 'ok') {
            const to = exp.to === '=' ? status : exp.to === '<' ? previous : Number(exp.to)
            expect(moved!.from).toBe(status as never)
            expect(moved!.to).toBe(to as never)
            // Entering a pause or a loss remembers where from; leaving one forgets it.
            if (to === 6 || to === 8) expect(moved!.previous_status).toBe((status === to ? previous : status) as never)
            if (exp.to === '<') expect(moved!.previous_status).toBeNull()
          }
          checked++
        }
      expect(checked).toBe(STATUSES.length * ACTORS.length)
    })
  }

  test('wrong_status carries the §8 message', () => {
    try {
      transition({ status: OrderStatus.New }, 'set_paid', { kind: 'staff' })
      throw new Error('not refused')
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError)
      expect((e as DomainError).code).toBe('wrong_status')
      expect((e as DomainError).message).toBe('Невірний статус!')
    }
  })

  test('an anonymous or unknown actor kind is forbidden everywhere', () => {
    for (const action of ORDER_ACTIONS)
      expect(outcome(() => transition({ status: 1 }, action, { kind: 'anonymous' }))).toBe('forbidden')
  })

  test('unpause of a row without a remembered status goes to processing', () => {
    expect(transition({ status: 6, previous_status: null }, 'unpause', { kind: 'staff' }).to).toBe(
      OrderStatus.Processing,
    )
  })

  test('available actions and the resource agree with the table', () => {
    expect(availableActions(7, 'staff')).toContain('set_review')
    expect(availableActions(1, 'staff')).not.toContain('set_review')
    const res = orderRulesResource()
    expect(res.statuses).toHaveLength(8)
    expect(res.actions.find((a) => a.action === 'set_paid')).toEqual({
      action: 'set_paid',
      from: [4, 5],
      to: 7,
      by: ['staff'],
    })
    expect(Object.keys(ORDER_RULES)).toHaveLength(res.actions.length)
  })
})

test('docs/domain.md shows the same table', async () => {
  const doc = await Bun.file(new URL('../../docs/domain.md', import.meta.url)).text()
  const block = doc.split('<!-- order-rules:start -->')[1]!.split('<!-- order-rules:end -->')[0]!
  const rows = block
    .trim()
    .split('\n')
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim().replace(/`/g, '')),
    )
  const res = orderRulesResource()
  expect(rows.map((r) => r[0])).toEqual(res.actions.map((a) => a.action))
  for (const [action, from, to, by] of rows) {
    const rule = res.actions.find((a) => a.action === action)!
    expect(from!.split(', ').map(Number)).toEqual(rule.from as number[])
    expect(to!.split(' ')[0]).toBe(String(rule.to))
    expect(by!.split(', ')).toEqual(rule.by as string[])
  }
})
