// THE order status machine. The spec names the actions (docs/product.md#4-states-and-transitions,
// docs/api.md#admin-orders, #tutor-orders-and-notifications, docs/api.md#client-orders-and-chats) but not the status
// values; ours are below (docs/domain.md: 7 = paid, reviews only on paid orders). ORDER_RULES is the documentation:
// docs/domain.md#order-states shows the same table, the panel reads it from GET /admin/resources/order_rules, and
// tests/unit/order-status.test.ts checks every action × status × actor against an independent copy.
//
// transition() decides only "may this kind of actor do this action from this status, and where
// does it lead". Who is a party of the order (the appointed tutor, the order's client) and the
// action's own field rules (a review needs no existing mark, …) are checked by the domain service
// that calls it, in the same transaction, on the locked order row.
import { DomainError } from './errors'

export const OrderStatus = {
  /** A request just left by a client (or created by staff). */
  New: 1,
  /** Staff are working on it: calling the client, choosing tutors. */
  Processing: 2,
  /** Offered to potential tutors (tutors who match it and may respond). */
  Potential: 3,
  /** A tutor is appointed and agrees the first lesson with the client. */
  Appointed: 4,
  /** The first lesson is agreed: the tutor owes the order's fee (date_payment_deadline). */
  WaitingForPay: 5,
  /** Put aside until date_pause_off; unpause returns it to the status it had. */
  Paused: 6,
  /** The tutor paid the fee (or staff recorded the payment). Only now may the client review. */
  Paid: 7,
  /** Closed without a deal (remove_reasons); set_lost_off returns it to the status it had. */
  Lost: 8,
} as const
export type OrderStatusValue = (typeof OrderStatus)[keyof typeof OrderStatus]

export const ORDER_STATUSES: readonly OrderStatusValue[] = Object.values(OrderStatus)

/** Machine names of the statuses (panel labels, export, docs/domain.md#order-states). */
export const STATUS_NAME: Record<OrderStatusValue, string> = {
  1: 'new',
  2: 'processing',
  3: 'potential',
  4: 'appointed',
  5: 'waiting_for_pay',
  6: 'paused',
  7: 'paid',
  8: 'lost',
}

export type OrderActorKind = 'staff' | 'tutor' | 'client' | 'system'
export const ORDER_ACTOR_KINDS: readonly OrderActorKind[] = ['staff', 'tutor', 'client', 'system']

/** Where an action leads: a status, the same status, or back to the status before a pause or a loss. */
export type Target = OrderStatusValue | 'same' | 'previous'

export interface OrderRule {
  from: readonly OrderStatusValue[]
  to: Target
  by: readonly OrderActorKind[]
}

const { New, Processing, Potential, Appointed, WaitingForPay, Paused, Paid, Lost } = OrderStatus
const ALL = ORDER_STATUSES
/** Not yet taken by a tutor: may still be routed. */
const UNTAKEN = [New, Processing, Potential] as const
/** Still moving (not paid, not lost). */
const OPEN = [New, Processing, Potential, Appointed, WaitingForPay, Paused] as const

/** Statuses of an order still in work (not a final one: 7 paid, 8 lost), e.g. for the responsible staff member's load. */
export const OPEN_ORDER_STATUSES: readonly OrderStatusValue[] = OPEN

export const ORDER_RULES = {
  // Staff: the order as a record
  save: { from: ALL, to: 'same', by: ['staff'] },
  delete: { from: [New, Processing, Potential, Appointed, WaitingForPay, Paused, Lost], to: 'same', by: ['staff'] },
  set_favorite: { from: ALL, to: 'same', by: ['staff'] },
  sms_client: { from: ALL, to: 'same', by: ['staff'] },
  sms_tutor: { from: ALL, to: 'same', by: ['staff'] },

  // Routing
  set_processing: { from: [New, Potential], to: Processing, by: ['staff'] },
  set_potential: { from: [New, Processing], to: Potential, by: ['staff'] },
  set_potential_off: { from: [Potential], to: Processing, by: ['staff'] },
  set_auto_appoint_potential_tutors: { from: UNTAKEN, to: 'same', by: ['staff'] },
  tutor_mark_yellow: { from: OPEN, to: 'same', by: ['staff'] },
  tutor_mark_yellow_off: { from: OPEN, to: 'same', by: ['staff'] },
  set_school_new: { from: UNTAKEN, to: 'same', by: ['staff'] },
  set_school_processing: { from: UNTAKEN, to: 'same', by: ['staff'] },
  set_other_site_new: { from: UNTAKEN, to: 'same', by: ['staff'] },

  // Tutors answer requests (tutor area)
  respond_personal: { from: [New, Processing], to: 'same', by: ['tutor'] },
  respond_potential: { from: [Potential], to: 'same', by: ['tutor'] },
  set_refused_reason: { from: UNTAKEN, to: 'same', by: ['tutor'] },

  // The client shapes the request (client area)
  add_info: { from: UNTAKEN, to: 'same', by: ['client'] },
  set_rate: { from: [New, Processing, Potential, Appointed], to: 'same', by: ['client'] },
  make_personal_tutor: { from: UNTAKEN, to: 'same', by: ['client'] },
  client_delete: { from: [New, Processing, Potential, Appointed, Paused], to: Lost, by: ['client'] },

  // The deal: appointment, first lesson, fee
  appoint_tutor: { from: UNTAKEN, to: Appointed, by: ['staff', 'client', 'system'] },
  delete_tutor: { from: [Appointed, WaitingForPay], to: Processing, by: ['staff'] },
  set_first_class: { from: [Appointed, WaitingForPay], to: WaitingForPay, by: ['staff', 'tutor', 'client'] },
  set_paid: { from: [Appointed, WaitingForPay], to: Paid, by: ['staff'] },
  pay: { from: [WaitingForPay], to: Paid, by: ['tutor', 'system'] },
  set_paid_off: { from: [Paid], to: WaitingForPay, by: ['staff'] },

  // Aside and back
  set_pause: { from: [New, Processing, Potential, Appointed, WaitingForPay], to: Paused, by: ['staff'] },
  unpause: { from: [Paused], to: 'previous', by: ['staff', 'system'] },
  set_lost: { from: OPEN, to: Lost, by: ['staff'] },
  set_lost_off: { from: [Lost], to: 'previous', by: ['staff'] },

  // Reviews: paid orders only
  set_review: { from: [Paid], to: 'same', by: ['staff', 'client'] },
  set_review_response: { from: [Paid], to: 'same', by: ['staff', 'tutor'] },
  request_review: { from: [Paid], to: 'same', by: ['tutor'] },
  set_no_review: { from: [Paid], to: 'same', by: ['staff'] },
  set_empty_review: { from: [Paid], to: 'same', by: ['staff'] },
} as const satisfies Record<string, OrderRule>

export type OrderAction = keyof typeof ORDER_RULES
export const ORDER_ACTIONS = Object.keys(ORDER_RULES) as OrderAction[]

export interface Moved {
  from: OrderStatusValue
  to: OrderStatusValue
  /** The value to store in orders.previous_status after the move. */
  previous_status: OrderStatusValue | null
}

/**
 * Checks an action against the table: 'forbidden' when this kind of actor may never do it,
 * 'wrong_status' (docs/product.md#8-error-catalogue 'Невірний статус!') when the order's status does not allow it.
 */
export function transition(
  order: { status: number; previous_status?: number | null },
  action: OrderAction,
  actor: { kind: string },
): Moved {
  const rule: OrderRule = ORDER_RULES[action]
  if (!rule) throw new DomainError('bad_request')
  if (!(rule.by as readonly string[]).includes(actor.kind)) throw new DomainError('forbidden')
  const from = order.status as OrderStatusValue
  if (!rule.from.includes(from)) throw new DomainError('wrong_status', 'Невірний статус!')
  if (rule.to === 'same')
    return { from, to: from, previous_status: (order.previous_status ?? null) as OrderStatusValue | null }
  if (rule.to === 'previous') {
    // A pause or a loss always records where it came from; an old row without it goes to processing.
    const back = (order.previous_status ?? Processing) as OrderStatusValue
    return { from, to: back, previous_status: null }
  }
  // Entering a pause or a loss remembers the status to return to.
  const remembers = rule.to === Paused || rule.to === Lost
  return { from, to: rule.to, previous_status: remembers ? from : null }
}

/** May this actor kind do this action from this status? (No throw; for lists of available actions.) */
export function allowed(status: number, action: OrderAction, actorKind: OrderActorKind): boolean {
  const rule: OrderRule = ORDER_RULES[action]
  return rule.by.includes(actorKind) && rule.from.includes(status as OrderStatusValue)
}

/** The actions an actor kind may take on an order in this status (the panel shows these buttons). */
export function availableActions(status: number, actorKind: OrderActorKind): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => allowed(status, a, actorKind))
}

/** The machine as data, for GET /admin/resources/order_rules. */
export function orderRulesResource() {
  return {
    statuses: ORDER_STATUSES.map((value) => ({ value, name: STATUS_NAME[value] })),
    actions: ORDER_ACTIONS.map((action) => {
      const rule: OrderRule = ORDER_RULES[action]
      return { action, from: [...rule.from], to: rule.to, by: [...rule.by] }
    }),
    review: { status: Paid, response_needs_review_status: 1, mark_min: 1, mark_max: 5 },
  }
}
