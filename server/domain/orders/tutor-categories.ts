// The tabs of the tutor's order lists (GET /tutor/orders/{category}; README's tab table): a pure module,
// so the order calls' schemas (server/routers/tutor/orders.schema.ts), which the browser's forms load,
// do not bring the order domain with them.
export const TUTOR_CATEGORIES = ['new', 'my', 'new_personal', 'new_online', 'new_potential', 'new_offline', 'active', 'archive'] as const
export type TutorCategory = (typeof TUTOR_CATEGORIES)[number]
