// The numbered page links of a list (client/components/PageLinks.tsx): the first and last page, two
// either side of the current one, one gap (0) between runs — the same as walking every page, for
// every current page of lists from 1 to 40 pages, and past the last page.
import { expect, test } from 'bun:test'
import { pageWindow } from '../../client/components/PageLinks'

/** The rule, page by page. */
function walked(current: number, pages: number): number[] {
  const out: number[] = []
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - current) <= 2) out.push(n)
    else if (out[out.length - 1] !== 0) out.push(0)
  }
  return out
}

test('the first, the last, two either side of the current page, a gap between', () => {
  expect(pageWindow(1, 1749)).toEqual([1, 2, 3, 0, 1749])
  expect(pageWindow(50, 1749)).toEqual([1, 0, 48, 49, 50, 51, 52, 0, 1749])
  expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 0, 10])
  expect(pageWindow(1, 1)).toEqual([1])
  for (let pages = 1; pages <= 40; pages++)
    for (let current = 1; current <= pages + 3; current++)
      expect({ current, pages, links: pageWindow(current, pages) }).toEqual({
        current,
        pages,
        links: walked(current, pages),
      })
})
