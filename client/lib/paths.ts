// Links keep the reader's language: the default locale has no prefix, the others do (/ru/login).
import { localePath } from '../../common/editions'
import { useSite } from './site'

export function useLocalePath(): (path: string) => string {
  const { edition, locale } = useSite()
  return (path) => localePath(edition, locale, path)
}

/** The blog lives on its own subdomain, which no setting names yet: the site path stands in for it. */
export const BLOG_URL = '/blog/'
