// server/domain/shared/download.ts: every private download answers with the same headers; an uploaded
// file is sandboxed, a chat image is shown inline.
import { expect, test } from 'bun:test'
import { attachmentDisposition, downloadResponse } from '../../server/domain/shared/download'

test('a download: type, size, the name in ASCII and UTF-8, never sniffed or cached by others', async () => {
  const res = downloadResponse(new Uint8Array([1, 2, 3]), { type: 'application/zip', size: 3, name: 'Дані.zip' })
  expect(Object.fromEntries(res.headers)).toEqual({
    'content-type': 'application/zip',
    'content-length': '3',
    'content-disposition': `attachment; filename="____.zip"; filename*=UTF-8''${encodeURIComponent('Дані.zip')}`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  })
  expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]))
})

test('an uploaded file is sandboxed; an inline one is shown, not saved', () => {
  const res = downloadResponse(new Blob(['x']), {
    type: 'image/png',
    size: 1,
    name: 'a.png',
    inline: true,
    uploaded: true,
  })
  expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
  expect(res.headers.get('content-disposition')).toStartWith('inline; filename="a.png"')
  expect(attachmentDisposition('a"b;c.pdf')).toStartWith('attachment; filename="a_b_c.pdf"')
})
