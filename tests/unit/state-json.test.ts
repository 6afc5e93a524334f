// A page's state (server/ssr/kept-html.ts stateJson) with JSON made earlier spliced in — the cards
// drawn in the render and the kept page-wide answers — is the same text as the whole state
// serialised at once, escaped for its <script> element.
import { expect, test } from 'bun:test'
import { KeptHtmlRender, stateJson } from '../../server/ssr/kept-html'
import { keptAnswerJson } from '../../server/ssr/kept-queries'
import { escapeScriptJson, scriptJson } from '../../server/ssr/head'

test('spliced state equals the state serialised whole, escapes included', () => {
  const footer = { links: [{ text: 'Про нас </script><script>alert(1)</script>', url: '/p/about' }], note: 'a\u2028b' }
  const cards = [
    { id: 1, name: 'Олена <b>', about: 'line\u2029sep' },
    { id: 2, name: 'Ігор', about: '' },
  ]
  const list = { items: cards, total: 2, page: 1 }
  const kept = new KeptHtmlRender({
    cards: new Map(),
    maxCards: 10,
    shared: () => new WeakMap(),
    knownJson: () => undefined,
  })
  for (const card of cards) kept.take(card, 'ua', '<article class="card">')
  const state = {
    edition: 'ua',
    dehydrated: {
      mutations: [],
      queries: [
        { queryKey: [['public', 'site', 'footer'], { type: 'query' }], state: { data: footer, status: 'success' } },
        { queryKey: [['public', 'catalogue', 'tutors'], { type: 'query' }], state: { data: list, status: 'success' } },
        'a plain string',
      ],
    },
  }
  const footerJson = (data: unknown) => (data === footer ? escapeScriptJson(JSON.stringify(footer)) : undefined)
  const whole = scriptJson(state)
  expect(whole).not.toContain('</script>')
  expect(stateJson(state, kept, footerJson)).toBe(whole)
  expect(stateJson(state, null, footerJson)).toBe(whole)
  expect(stateJson(state, kept, () => undefined)).toBe(whole)
  // An object no page read was handed from the kept reads has no kept JSON.
  expect(keptAnswerJson(footer)).toBeUndefined()
})
