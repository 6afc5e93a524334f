import type { Locale } from '../common/editions'
import { en } from './en'
import { es } from './es'
import { pl } from './pl'
import { ru } from './ru'
import { enServer } from './server/en'
import { esServer } from './server/es'
import { plServer } from './server/pl'
import { ruServer } from './server/ru'
import { uaServer } from './server/ua'
import { ua } from './ua'

/** Keys the browser's catalogs hold (one language per page, i18n/load.ts). */
export type ClientKey = keyof typeof ua
/** Keys only the server uses (i18n/server/). */
export type ServerKey = keyof typeof uaServer
export type MessageKey = ClientKey | ServerKey
export type Catalog = Record<ClientKey, string>
export type ServerCatalog = Record<ServerKey, string>

/** Every message in every language, for the server. */
export const catalogs: Record<Locale, Record<MessageKey, string>> = {
  ua: { ...ua, ...uaServer },
  ru: { ...ru, ...ruServer },
  en: { ...en, ...enServer },
  pl: { ...pl, ...plServer },
  es: { ...es, ...esServer },
}
