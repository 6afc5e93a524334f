// Staff accounts (docs/api.md#admin-staff-accounts-and-session): area 'admins' (status 1 and 4), the schedule in area
// 'schedule', impersonation, and every staff member's own avatar (any status). Mounted as `admin.staff` (server/routers/app.ts); rules in
// server/domain/staff/accounts.ts.
import { type AuthObject, authObject, loadIdentity } from '../../domain/auth/sessions'
import {
  changeCheckout,
  createAdmin,
  deleteAdmin,
  endImpersonation,
  getAdmin,
  getSchedule,
  impersonate,
  listAdmins,
  saveAdmin,
  saveSchedule,
  type ImpersonationTarget,
} from '../../domain/staff/accounts'
import {
  cropStaffAvatar,
  getStaffAvatar,
  readStaffAvatar,
  removeStaffAvatar,
  setStaffAvatar,
} from '../../domain/staff/avatar'
import { cropOf } from '../../domain/shared/avatar-files'
import { downloadResponse } from '../../domain/shared/download'
import { fileStorage } from '../../integrations/storage/storage'
import { ZAvatarAnswer, ZAvatarSet, ZCrop, ZDocumentAnswer } from '../../../common/schemas/tutor/profile.schema'
import {
  ZAdminAnswer,
  ZAdminDeleted,
  ZAdminListAnswer,
  ZCheckoutChanged,
  ZImpersonationAnswer,
  ZScheduleAnswer,
} from '../../../common/schemas/admin/admins.schema'
import type { Context } from '../../trpc/context'
import { t } from '../../trpc/init'
import { publicProcedure, staffProcedure } from '../../trpc/procedures'
import {
  ZAdminCreate,
  ZAdminId,
  ZAdminSave,
  ZChangeCheckout,
  ZImpersonate,
  ZScheduleSave,
  ZStaffAvatarFile,
  ZStaffList,
} from '../../../common/schemas/admin/admins.schema'

const admins = staffProcedure('admins')
const schedule = staffProcedure('schedule')
/** Any signed-in staff member, whatever their status. */
const anyStaff = staffProcedure('desktop')
const storage = (ctx: Context) => fileStorage(ctx.env)

const req = (ctx: Context) => ({ ip: ctx.ip, userAgent: ctx.userAgent })

/** Writes the new session's cookie and answers with the contract's `auth` object. */
async function answerWithSession(
  ctx: Context,
  sessionId: string | null,
): Promise<{ auth: AuthObject; data: { impersonating: boolean } }> {
  await ctx.session.set(sessionId)
  const identity = sessionId ? await loadIdentity(ctx.db, sessionId) : null
  return { auth: authObject(identity), data: { impersonating: !!identity?.impersonatorStaffId } }
}

const impersonation = (target: ImpersonationTarget) =>
  admins
    .input(ZImpersonate)
    .output(ZImpersonationAnswer)
    .mutation(async ({ ctx, input }) =>
      answerWithSession(
        ctx,
        await impersonate(ctx.db, { identity: ctx.identity, target, id: input.id, req: req(ctx) }),
      ),
    )

export const adminsRouter = t.router({
  list: admins
    .input(ZStaffList)
    .output(ZAdminListAnswer)
    .query(({ ctx, input }) => listAdmins(ctx.db, input)),
  get: admins
    .input(ZAdminId)
    .output(ZAdminAnswer)
    .query(({ ctx, input }) => getAdmin(ctx.db, input)),
  create: admins
    .input(ZAdminCreate)
    .output(ZAdminAnswer)
    .mutation(({ ctx, input }) => createAdmin(ctx.db, ctx.staff, input.admin)),
  save: admins
    .input(ZAdminSave)
    .output(ZAdminAnswer)
    .mutation(({ ctx, input }) => saveAdmin(ctx.db, ctx.staff, input)),
  delete: admins
    .input(ZAdminId)
    .output(ZAdminDeleted)
    .mutation(({ ctx, input }) => deleteAdmin(ctx.db, ctx.staff, input)),
  changeCheckout: admins
    .input(ZChangeCheckout)
    .output(ZCheckoutChanged)
    .mutation(({ ctx, input }) => changeCheckout(ctx.db, ctx.staff, input)),
  schedule: t.router({
    get: schedule.output(ZScheduleAnswer).query(({ ctx }) => getSchedule(ctx.db)),
    save: schedule
      .input(ZScheduleSave)
      .output(ZScheduleAnswer)
      .mutation(({ ctx, input }) => saveSchedule(ctx.db, ctx.staff, input)),
  }),
  /** The signed-in staff member's own avatar (domain/staff/avatar.ts). */
  avatar: t.router({
    /** tRPC only: the current avatar for the panel's form (size of the original, crop). */
    get: anyStaff.output(ZAvatarAnswer).query(({ ctx }) => getStaffAvatar(ctx.db, ctx.staff.id)),
    /** POST /admin/admin/avatar/set (multipart `image`; optional x, y, width, height) */
    set: anyStaff
      .input(ZAvatarSet)
      .output(ZAvatarAnswer)
      .mutation(({ ctx, input }) =>
        setStaffAvatar(ctx.scope, { staff_id: ctx.staff.id, image: input.image, crop: cropOf(input) }, storage(ctx)),
      ),
    /** POST /admin/admin/avatar/crop {x, y, width, height} */
    crop: anyStaff
      .input(ZCrop)
      .output(ZAvatarAnswer)
      .mutation(({ ctx, input }) => cropStaffAvatar(ctx.scope, { ...input, staff_id: ctx.staff.id }, storage(ctx))),
    /** POST /admin/admin/avatar/remove */
    remove: anyStaff
      .output(ZAvatarAnswer)
      .mutation(({ ctx }) => removeStaffAvatar(ctx.scope, { staff_id: ctx.staff.id }, storage(ctx))),
    /** GET /admin/admin/avatar/file?id&size: the image itself, to staff only (a raw route). */
    file: anyStaff
      .input(ZStaffAvatarFile)
      .output(ZDocumentAnswer)
      .query(async ({ ctx, input }) => {
        const file = await readStaffAvatar(ctx.db, input, storage(ctx))
        return downloadResponse(file.body, {
          type: 'image/jpeg',
          size: file.size,
          name: `staff-${input.id}.jpg`,
          inline: true,
          uploaded: true,
        })
      }),
  }),
  authorize: t.router({
    client: impersonation('client'),
    tutor: impersonation('tutor'),
    admin: impersonation('admin'),
    /** Ends an impersonated session and signs the staff member back in; anyone may call it (409 unless impersonating). */
    return: publicProcedure
      .output(ZImpersonationAnswer)
      .mutation(async ({ ctx }) =>
        answerWithSession(ctx, await endImpersonation(ctx.db, { identity: ctx.identity, req: req(ctx) })),
      ),
  }),
})
