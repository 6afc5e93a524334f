// Staff areas: one per page of the panel menu (docs/product.md#2-screens-and-routes). A staff status (1 to 4) opens
// exactly the areas of the menu table; the server checks the same table on every /admin call.
// Pure data: the panel's screens in the route table (common/routes.ts) name their area from it, and
// the panel menu is built from those.

export type StaffStatus = 1 | 2 | 3 | 4
export type MenuGroup = 'settings' | 'content' | 'tutors' | 'locations'

export const STAFF_AREAS = [
  // Settings
  'static_pages',
  'tops',
  'emails',
  'sms',
  'units_blocks',
  'admins',
  'schedule',
  'seo',
  'transfer_settings',
  'merchants',
  'payments',
  'system',
  // Content
  'news',
  'blogs',
  'ads',
  'videos',
  'reviews',
  'examination_tests',
  // Tutors
  'orders',
  'tutors',
  'lessons',
  'levels',
  'calls',
  'clients',
  // Locations
  'cities',
  'districts',
  'subdistricts',
] as const
export type StaffArea = (typeof STAFF_AREAS)[number]

/** The panel's start page and notifications: every staff member. */
export const EVERY_STAFF = 'desktop' as const
export type StaffAccess = StaffArea | typeof EVERY_STAFF

const ALL = new Set<StaffArea>(STAFF_AREAS)
const without = (...areas: StaffArea[]) => new Set([...ALL].filter((a) => !areas.includes(a)))

/** The menu table of docs/product.md#2-screens-and-routes, as areas. */
export const AREAS_BY_STATUS: Record<StaffStatus, ReadonlySet<StaffArea>> = {
  1: ALL,
  2: new Set<StaffArea>(['orders', 'tutors', 'calls', 'clients', 'payments']),
  3: without(
    'tops',
    'admins',
    'schedule',
    'transfer_settings',
    'orders',
    'tutors',
    'calls',
    'clients',
    'system',
    'payments',
  ),
  // `system` (background jobs, our page): status 1 only.
  4: without('transfer_settings', 'system', 'payments'),
}

export function staffMayAccess(status: number, access: StaffAccess): boolean {
  if (status < 1 || status > 4) return false
  if (access === EVERY_STAFF) return true
  return AREAS_BY_STATUS[status as StaffStatus].has(access)
}
