// Every code the order editor shows has its words in the orders catalog (ua is the source of the keys;
// the other languages are held to the same key set by tests/unit/area-catalogs.test.ts).
import { expect, test } from 'bun:test'
import { ordersUa } from '../../i18n/areas/orders/ua'
import { ORDER_ACTIONS, ORDER_ACTOR_KINDS } from '../../common/order-status'

const has = (key: string) => key in ordersUa

test('every history event, actor, tutor role and answer has a label', () => {
  // The events are the status machine's actions plus create and copy (server/domain/orders/create.ts).
  const missing = [...ORDER_ACTIONS, 'create', 'copy'].map((a) => `orders.event.${a}`).filter((k) => !has(k))
  // order_tutors.role and .response as the migration's checks allow them.
  missing.push(
    ...['personal', 'potential', 'appointed', 'removed'].map((r) => `orders.role.${r}`).filter((k) => !has(k)),
  )
  missing.push(...['responded', 'refused'].map((r) => `orders.response.${r}`).filter((k) => !has(k)))
  missing.push(...ORDER_ACTOR_KINDS.map((k) => `orders.actor.${k}`).filter((k) => !has(k)))
  expect(missing).toEqual([])
})
