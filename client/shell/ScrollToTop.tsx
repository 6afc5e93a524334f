// The button back to the top of a long page, shown once it is scrolled past SCROLL_TOP_AFTER_PX. It
// sits above the cookie bar while that shows (--cookie-bar-height, set by components/CookieConsent).
import { useEffect, useState } from 'react'
import { useSite } from '../lib/site'

const SCROLL_TOP_AFTER_PX = 400

export default function ScrollToTop() {
  const { t } = useSite()
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_AFTER_PX)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  if (!visible) return null
  return (
    <button
      type="button"
      aria-label={t('common.scroll_top')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className="fixed right-4 bottom-[calc(1rem+var(--cookie-bar-height,0px))] z-40 flex size-11 items-center justify-center rounded-full bg-brand text-white shadow-lg hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5">
        <path fill="currentColor" d="M10 4.6 3.3 11.3a1 1 0 1 0 1.4 1.4L10 7.4l5.3 5.3a1 1 0 0 0 1.4-1.4L10 4.6Z" />
      </svg>
    </button>
  )
}
