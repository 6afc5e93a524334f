// Links keep the reader's language: the default locale has no prefix, the others do (/ru/login).
import { localePath } from '../../common/editions'
import { useSite } from './site'

export function useLocalePath(): (path: string) => string {
  const { edition, locale } = useSite()
  return (path) => localePath(edition, locale, path)
}

/** The tutors' blog (docs/product.md#2-screens-and-routes names a blog subdomain; the site serves it at /blog/, in the
 * reader's language). */
export const BLOG_URL = '/blog/'
