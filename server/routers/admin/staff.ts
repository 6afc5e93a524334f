import { z } from 'zod'
import { getStaff, listStaff } from '../../domain/staff/staff'
import { zId, zPage } from '../../domain/shared/validators'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'

export const ZStaffList = z.object({
  page: zPage,
  filters: z.object({ text: z.string().trim().max(100).optional(), status: z.coerce.number().int().min(1).max(4).optional() }).default({}),
})

export const staffRouter = t.router({
  list: staffProcedure('admins').input(ZStaffList).query(({ ctx, input }) => listStaff(ctx.db, { page: input.page, ...input.filters })),
  get: staffProcedure('admins').input(z.object({ admin_id: zId })).query(({ ctx, input }) => getStaff(ctx.db, input.admin_id)),
})
