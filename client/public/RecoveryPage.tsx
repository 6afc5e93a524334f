// The tutor's password recovery page (/recovery): a page chunk of its own (client/pages.ts), apart from
// the sign-in pages. Its steps (RecoveryFlow.tsx: the form kit, react-hook-form, the area catalog's
// texts) are a further chunk outside the page's first load (scripts/bundle-size.ts, 120 kB): the
// server renders them all the same (it waits for lazy chunks), the browser hydrates them once they arrive.
import { Suspense, lazy } from 'react'
import { useSite } from '../lib/site'
import { AuthCard } from './AuthCard'

const RecoveryFlow = lazy(() => import('./RecoveryFlow'))

export function RecoveryPage() {
  const { t } = useSite()
  return (
    <AuthCard title={t('auth.recovery_title')}>
      <Suspense fallback={<div aria-busy="true" className="min-h-48" />}>
        <RecoveryFlow />
      </Suspense>
    </AuthCard>
  )
}
