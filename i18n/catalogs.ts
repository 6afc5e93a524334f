import type { Locale } from '../server/domain/editions/editions'
import { en } from './en'
import { es } from './es'
import { pl } from './pl'
import { ru } from './ru'
import { ua } from './ua'

export type MessageKey = keyof typeof ua
export type Catalog = Record<MessageKey, string>

export const catalogs: Record<Locale, Catalog> = { ua, ru, en, pl, es }
