// Cookie consent (docs/product.md#4-states-and-transitions): the choice is kept in localStorage as {confirmed_at,
// accept}; editions with consentMode 'none' (ua) never show it. Rendered after mount only, because the
// server cannot know the stored choice and hydration must match.
import { useEffect, useState } from 'react'
import { useSite } from '../lib/site'
import { Button } from '../ui/Button'

const STORAGE_KEY = 'cookie_consent'

interface StoredConsent {
  confirmed_at: number
  accept: boolean
}

function storedConsent(): StoredConsent | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<StoredConsent> | null
    return value && typeof value.confirmed_at === 'number' && typeof value.accept === 'boolean'
      ? (value as StoredConsent)
      : null
  } catch {
    return null
  }
}

export function CookieConsent() {
  const { edition, t } = useSite()
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    if (edition.consentMode !== 'none' && !storedConsent()) setVisible(true)
  }, [edition.consentMode])

  if (!visible) return null
  const decide = (accept: boolean) => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ confirmed_at: Date.now(), accept } satisfies StoredConsent))
    } catch {
      // Storage may be unavailable (private mode); the choice then lasts for this page only.
    }
    setVisible(false)
  }

  return (
    <section
      aria-label={t('cookies.title')}
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-2xl flex-col gap-3 rounded-xl bg-slate-900 p-4 text-sm text-white shadow-xl md:flex-row md:items-center"
    >
      <p className="flex-1">{t('cookies.text')}</p>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => decide(false)}>
          {t('cookies.decline')}
        </Button>
        <Button onClick={() => decide(true)}>{t('cookies.accept')}</Button>
      </div>
    </section>
  )
}
