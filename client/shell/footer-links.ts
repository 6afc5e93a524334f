// The footer's information links (client/shell/Footer.tsx), apart so that tests can follow every one
// of them on every edition (tests/api/footer-links.test.ts) without rendering React.
import type { MessageKey } from '../../i18n/format'

export function footerLinks(catalogue: string, onlineCatalogue: string): { path: string; label: MessageKey }[] {
  return [
    { path: '/about', label: 'footer.about' },
    { path: '/contacts', label: 'footer.contacts' },
    { path: '/how-it-works', label: 'footer.how_it_works' },
    { path: '/p/faq', label: 'footer.faq' },
    { path: '/reviews', label: 'footer.reviews' },
    { path: '/news/', label: 'footer.news' },
    { path: '/media', label: 'footer.media' },
    { path: '/p/oferta', label: 'footer.offer_tutor' },
    { path: '/p/ofertaclient', label: 'footer.offer_client' },
    { path: '/p/pp/', label: 'footer.privacy' },
    { path: '/p/cookies/', label: 'footer.cookies' },
    { path: '/materials/', label: 'footer.materials' },
    { path: '/p/popular/', label: 'footer.popular' },
    { path: `/${catalogue}/`, label: 'footer.catalogue' },
    { path: `/${onlineCatalogue}/`, label: 'footer.catalogue_online' },
  ]
}
