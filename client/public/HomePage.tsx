// The main page: the heading, the tutor search form with the online box, and a short intro.
import { SearchForm } from '../components/SearchForm'
import { useSite } from '../lib/site'

export function HomePage() {
  const { t } = useSite()
  return (
    <section className="bg-gradient-to-b from-brand/10 to-white">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center md:py-24">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-5xl">{t('home.heading')}</h1>
        <p className="max-w-2xl text-lg text-slate-700">{t('home.description')}</p>
        <div className="w-full text-left">
          {/* Reference data for the selectors comes with the catalogue; until then the lists are empty. */}
          <SearchForm id="home-search" subjects={[]} cities={[]} showOnline />
        </div>
      </div>
    </section>
  )
}
