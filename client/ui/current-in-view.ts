// A row of links that scrolls sideways (a cabinet's tabs on a phone) keeps its current item in sight:
// on a deep tab ("Ads", the eighth) the row otherwise opens at its start, and nothing on the screen says
// where the person is.
import { useLayoutEffect, useRef } from 'react'

/** A ref for the scrolling list; on every `key` its `[aria-current="page"]` item is scrolled into its middle. */
export function useCurrentInView<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key is a new current item
  useLayoutEffect(() => {
    const list = ref.current
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!list || !current || list.scrollWidth <= list.clientWidth) return
    const box = list.getBoundingClientRect()
    const item = current.getBoundingClientRect()
    if (item.left >= box.left && item.right <= box.right) return
    list.scrollLeft += item.left - box.left - (box.width - item.width) / 2
  }, [key])
  return ref
}
