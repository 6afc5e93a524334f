// The route tree: the page table (routes.ts) picks the shell and the page. The panel and the account
// areas are separate chunks, loaded in the browser only.
import { Suspense } from 'react'
import { useLocation } from 'wouter'
import { matchPage } from './routes'
import { useSite } from './lib/site'
import { PublicShell } from './shell/PublicShell'
import { HomePage } from './public/HomePage'
import { NotFoundPage } from './public/NotFoundPage'
import { ClientLoginPage, RecoveryPage, TutorLoginPage } from './public/LoginPages'
import { RegisterPage } from './public/RegisterPage'
import { ClientOnly } from './components/ui/ClientOnly'
import { AccountApp, PanelApp } from './lazy-areas'

export function App() {
  const [location] = useLocation()
  const { edition, t } = useSite()
  const page = matchPage(location, edition)
  const wait = <div className="p-8 text-center text-slate-500">{t('panel.wait')}</div>

  if (page.shell === 'panel')
    return (
      <ClientOnly fallback={wait}>
        <Suspense fallback={wait}>
          <PanelApp path={page.path} />
        </Suspense>
      </ClientOnly>
    )

  let content: React.ReactNode
  switch (page.name) {
    case 'home':
      content = <HomePage />
      break
    case 'tutor_login':
      content = <TutorLoginPage />
      break
    case 'client_login':
      content = <ClientLoginPage />
      break
    case 'recovery':
      content = <RecoveryPage />
      break
    case 'register':
      content = <RegisterPage />
      break
    case 'not_found':
    case 'gone':
      content = <NotFoundPage gone={page.name === 'gone'} />
      break
    default:
      content = (
        <ClientOnly fallback={wait}>
          <Suspense fallback={wait}>
            <AccountApp page={page} />
          </Suspense>
        </ClientOnly>
      )
  }
  return <PublicShell page={page}>{content}</PublicShell>
}
