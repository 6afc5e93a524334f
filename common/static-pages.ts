// Where a static page is served (docs/contract.md#other-public-endpoints). Pure: the
// route table, the sitemap and the footer read it. Six pages also answer at the short path the
// header and footer have always used.

/** alias → its short path (the canonical one for these six). */
export const SHORT_STATIC_PATHS: Readonly<Record<string, string>> = {
  about: '/about',
  contacts: '/contacts',
  'how-it-works': '/how-it-works',
  materials: '/materials/',
  media: '/media',
  vacancy: '/vacancy',
}

/** The canonical path of a static page (without a locale prefix). */
export function staticPagePath(alias: string): string {
  return SHORT_STATIC_PATHS[alias] ?? `/p/${alias}/`
}
