// db/typed-sql.ts: the column lists of raw statements are checked against db/types.ts (typecheck), and
// give the SQL text the statements are sent with.
import { expect, test } from 'bun:test'
import { columns, statement } from '../../db/typed-sql'
import { CHAT_READS } from '../../server/domain/chat/messages'

test('columns() spells alias.column for each listed column', () => {
  expect(columns('orders', 'o', ['id', 'client_id'])).toBe('o.id, o.client_id')
  // @ts-expect-error: a column db/types.ts does not have fails typecheck
  expect(columns('orders', 'o', ['no_such_column'])).toBe('o.no_such_column')
})

test('a statement keeps its text; the chat reads select the order columns by name', () => {
  expect(statement<{ n: number }>('select 1 as n').text).toBe('select 1 as n')
  expect(CHAT_READS.batchOrders.text).toStartWith('select o.id, o.client_id, o.tutor_id, o.personal_tutor_id,')
})
