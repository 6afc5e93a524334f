// The tutor's notification bell (docs/product.md#3-entities-and-their-fields): GET /tutor/on_site_notifications and
// marking read.
import { z } from 'zod'
import { markTutorNotificationsRead, tutorNotifications } from '../../domain/notifications/notifications'
import { t } from '../../trpc/init'
import { tutorProcedure } from '../../trpc/procedures'
import { ZMarkRead, ZNotificationsMarked, ZTutorNotifications } from '../../../common/schemas/tutor/orders.schema'

export const tutorNotificationsRouter = t.router({
  /** GET /tutor/on_site_notifications */
  list: tutorProcedure
    .input(z.object({}).passthrough().optional())
    .output(ZTutorNotifications)
    .query(({ ctx }) => tutorNotifications(ctx.scope)),
  /** POST /tutor/on_site_notifications/read {ids?, order_id?, type?} (ours: nothing given marks all read) */
  markRead: tutorProcedure
    .input(ZMarkRead)
    .output(ZNotificationsMarked)
    .mutation(({ ctx, input }) => markTutorNotificationsRead(ctx.scope, input)),
})
