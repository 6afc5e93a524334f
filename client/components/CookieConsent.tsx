// Cookie consent (docs/product.md#4-states-and-transitions): the choice is kept in localStorage as {confirmed_at,
// accept}; editions with consentMode 'none' (ua) never show it. Rendered after mount only, because the
// server cannot know the stored choice and hydration must match. While shown it is a compact bar at the
// bottom and the page reserves its height (padding below the page, scroll padding for focus and
// scrolling), so it never covers a primary action (docs/decisions.md#cookie-banner-on-a-phone); the
// height is also the root's --cookie-bar-height, which lifts the fixed "to the top" button above the bar.
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { saveConsent, storedConsent } from '../lib/consent'
import { useSite } from '../lib/site'
import { Button } from '../ui/Button'

/** Reserves the banner's height below the page while it is shown; undone when it goes. */
function useReservedBottom(ref: React.RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const el = ref.current
    if (!shown || !el) return
    const root = document.documentElement
    const apply = () => {
      const px = `${el.offsetHeight}px`
      document.body.style.paddingBottom = px
      root.style.scrollPaddingBottom = px
      root.style.setProperty('--cookie-bar-height', px)
    }
    apply()
    const observer = new ResizeObserver(apply)
    observer.observe(el)
    return () => {
      observer.disconnect()
      document.body.style.removeProperty('padding-bottom')
      root.style.removeProperty('scroll-padding-bottom')
      root.style.removeProperty('--cookie-bar-height')
    }
  }, [ref, shown])
}

export function CookieConsent() {
  const { edition, t } = useSite()
  const [visible, setVisible] = useState(false)
  const bar = useRef<HTMLElement>(null)
  useReservedBottom(bar, visible)

  useEffect(() => {
    if (edition.consentMode !== 'none' && !storedConsent()) setVisible(true)
  }, [edition.consentMode])

  if (!visible) return null
  const decide = (accept: boolean) => {
    saveConsent(accept)
    setVisible(false)
  }

  return (
    <section
      ref={bar}
      aria-label={t('cookies.title')}
      data-testid="cookie-banner"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-700 bg-slate-900 text-sm text-white shadow-xl"
    >
      <div className="mx-auto flex max-w-4xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5">
        <p className="min-w-48 flex-1 leading-snug">{t('cookies.text')}</p>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => decide(false)}>
            {t('cookies.decline')}
          </Button>
          <Button size="sm" onClick={() => decide(true)}>
            {t('cookies.accept')}
          </Button>
        </div>
      </div>
    </section>
  )
}
