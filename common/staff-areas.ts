// Staff areas: one per page of the panel menu (spec/product.md §2). A staff status (1 to 4) opens
// exactly the areas of the menu table; the server checks the same table on every /admin call.
// Pure data: the panel menu in the browser is built from it too.
import type { AreaKey } from '../i18n/areas'

export type StaffStatus = 1 | 2 | 3 | 4
export type MenuGroup = 'settings' | 'content' | 'tutors' | 'locations'

export const STAFF_AREAS = [
  // Settings
  'static_pages', 'tops', 'emails', 'sms', 'units_blocks', 'admins', 'schedule', 'seo', 'transfer_settings', 'merchants',
  // Content
  'news', 'blogs', 'ads', 'videos', 'reviews',
  // Tutors
  'orders', 'tutors', 'lessons', 'levels', 'calls', 'clients',
  // Locations
  'cities', 'districts', 'subdistricts',
] as const
export type StaffArea = (typeof STAFF_AREAS)[number]

/** The panel's start page and notifications: every staff member. */
export const EVERY_STAFF = 'desktop' as const
export type StaffAccess = StaffArea | typeof EVERY_STAFF

export interface MenuItem {
  page: string
  area: StaffArea
  group: MenuGroup
  /** The panel's own catalog (i18n/areas/panel). */
  label: AreaKey<'panel'>
}

export const PANEL_MENU: readonly MenuItem[] = [
  { page: 'pages_show', area: 'static_pages', group: 'settings', label: 'panel.pages_show' },
  { page: 'users_tops', area: 'tops', group: 'settings', label: 'panel.users_tops' },
  { page: 'emails_show', area: 'emails', group: 'settings', label: 'panel.emails_show' },
  { page: 'sms_show', area: 'sms', group: 'settings', label: 'panel.sms_show' },
  { page: 'units_blocks', area: 'units_blocks', group: 'settings', label: 'panel.units_blocks' },
  { page: 'admins_show', area: 'admins', group: 'settings', label: 'panel.admins_show' },
  { page: 'admins_schedule', area: 'schedule', group: 'settings', label: 'panel.admins_schedule' },
  { page: 'core_files', area: 'seo', group: 'settings', label: 'panel.core_files' },
  { page: 'users_filter_combinations', area: 'seo', group: 'settings', label: 'panel.users_filter_combinations' },
  { page: 'transfer_settings', area: 'transfer_settings', group: 'settings', label: 'panel.transfer_settings' },
  { page: 'merchants', area: 'merchants', group: 'settings', label: 'panel.merchants' },
  { page: 'news_show', area: 'news', group: 'content', label: 'panel.news_show' },
  { page: 'users_blog', area: 'blogs', group: 'content', label: 'panel.users_blog' },
  { page: 'users_ads', area: 'ads', group: 'content', label: 'panel.users_ads' },
  { page: 'users_videos', area: 'videos', group: 'content', label: 'panel.users_videos' },
  { page: 'reviews_show', area: 'reviews', group: 'content', label: 'panel.reviews_show' },
  { page: 'users_orders', area: 'orders', group: 'tutors', label: 'panel.users_orders' },
  { page: 'users_show', area: 'tutors', group: 'tutors', label: 'panel.users_show' },
  { page: 'users_lessons', area: 'lessons', group: 'tutors', label: 'panel.users_lessons' },
  { page: 'users_levels', area: 'levels', group: 'tutors', label: 'panel.users_levels' },
  { page: 'users_incoming_calls', area: 'calls', group: 'tutors', label: 'panel.users_incoming_calls' },
  { page: 'clients_show', area: 'clients', group: 'tutors', label: 'panel.clients_show' },
  { page: 'users_cities', area: 'cities', group: 'locations', label: 'panel.users_cities' },
  { page: 'users_districts', area: 'districts', group: 'locations', label: 'panel.users_districts' },
  { page: 'users_subdistricts', area: 'subdistricts', group: 'locations', label: 'panel.users_subdistricts' },
]

const ALL = new Set<StaffArea>(STAFF_AREAS)
const without = (...areas: StaffArea[]) => new Set([...ALL].filter((a) => !areas.includes(a)))

/** The menu table of spec/product.md §2, as areas. */
export const AREAS_BY_STATUS: Record<StaffStatus, ReadonlySet<StaffArea>> = {
  1: ALL,
  2: new Set<StaffArea>(['orders', 'tutors', 'calls', 'clients']),
  3: without('tops', 'admins', 'schedule', 'transfer_settings', 'orders', 'tutors', 'calls', 'clients'),
  4: without('transfer_settings'),
}

export function staffMayAccess(status: number, access: StaffAccess): boolean {
  if (status < 1 || status > 4) return false
  if (access === EVERY_STAFF) return true
  return AREAS_BY_STATUS[status as StaffStatus].has(access)
}

export function menuFor(status: number): MenuItem[] {
  return PANEL_MENU.filter((item) => staffMayAccess(status, item.area))
}
