// The shared start-payment helper (client/account/tutor/money/start-payment.ts): a "redirect" answer
// sends the browser to its URL; a "form" answer (LiqPay) posts a hidden form with exactly its fields.
import { expect, test } from 'bun:test'
import { followPayment, startProviderPayment } from '../../client/account/tutor/money/start-payment'

/** The little of the DOM the helper touches, recording what it did. */
function fakeDocument() {
  const assigned: string[] = []
  const submitted: { method: string; action: string; fields: Record<string, string>; attached: boolean }[] = []
  const body = {
    children: [] as unknown[],
    appendChild(el: unknown) {
      this.children.push(el)
    },
  }
  const doc = {
    defaultView: { location: { assign: (url: string) => assigned.push(url) } },
    body,
    createElement(tag: string) {
      if (tag === 'input') return { type: '', name: '', value: '' }
      const form = {
        method: '',
        action: '',
        acceptCharset: '',
        style: {} as Record<string, string>,
        inputs: [] as { name: string; value: string; type: string }[],
        appendChild(i: { name: string; value: string; type: string }) {
          form.inputs.push(i)
        },
        submit() {
          expect(form.inputs.every((i) => i.type === 'hidden')).toBe(true)
          submitted.push({
            method: form.method,
            action: form.action,
            fields: Object.fromEntries(form.inputs.map((i) => [i.name, i.value])),
            attached: body.children.includes(form),
          })
        },
      }
      return form
    },
  }
  return { doc: doc as unknown as Document, assigned, submitted }
}

test('a redirect answer goes to its URL; nothing is posted', () => {
  const f = fakeDocument()
  followPayment({ method: 'redirect', url: '/pay/local/ua-1?amount=100&sig=x' }, f.doc)
  expect(f.assigned).toEqual(['/pay/local/ua-1?amount=100&sig=x'])
  expect(f.submitted).toEqual([])
})

test('a form answer posts its fields to its URL from a form in the page', () => {
  const f = fakeDocument()
  followPayment(
    {
      method: 'form',
      url: 'https://www.liqpay.ua/api/3/checkout',
      fields: { data: 'eyJ2ZXJzaW9uIjozfQ==', signature: 'c2ln' },
    },
    f.doc,
  )
  expect(f.assigned).toEqual([])
  expect(f.submitted).toEqual([
    {
      method: 'POST',
      action: 'https://www.liqpay.ua/api/3/checkout',
      fields: { data: 'eyJ2ZXJzaW9uIjozfQ==', signature: 'c2ln' },
      attached: true,
    },
  ])
})

test('a failed start call is thrown to the caller and sends the browser nowhere', async () => {
  const failure = new Error('not_found')
  await expect(startProviderPayment(() => Promise.reject(failure))).rejects.toBe(failure)
})
