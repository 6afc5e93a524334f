// Staff calls on clients (docs/api.md#admin-clients), panel area 'clients'. Rules in server/domain/people/.
import { listClients, setClientBlacklisted, setClientPassword } from '../../domain/people/client-admin'
import { mergeClients, previewMerge } from '../../domain/people/merge'
import {
  ZClientBlacklistSet,
  ZClientListAnswer,
  ZClientPasswordSet,
  ZMergeAnswer,
  ZMergePreviewAnswer,
} from '../../../common/schemas/admin/clients.schema'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import { ZClientId, ZClientList, ZClientMerge, ZClientPassword } from '../../../common/schemas/admin/clients.schema'

const staff = staffProcedure('clients')

export const clientsAdminRouter = t.router({
  list: staff
    .input(ZClientList)
    .output(ZClientListAnswer)
    .query(({ ctx, input }) => listClients(ctx.scope, input)),
  passwordSet: staff
    .input(ZClientPassword)
    .output(ZClientPasswordSet)
    .mutation(({ ctx, input }) => setClientPassword(ctx.scope, input)),
  blacklistAdd: staff
    .input(ZClientId)
    .output(ZClientBlacklistSet)
    .mutation(({ ctx, input }) => setClientBlacklisted(ctx.scope, { ...input, blacklisted: true })),
  blacklistRemove: staff
    .input(ZClientId)
    .output(ZClientBlacklistSet)
    .mutation(({ ctx, input }) => setClientBlacklisted(ctx.scope, { ...input, blacklisted: false })),
  mergePreview: staff
    .input(ZClientMerge)
    .output(ZMergePreviewAnswer)
    .query(({ ctx, input }) => previewMerge(ctx.db, input)),
  merge: staff
    .input(ZClientMerge)
    .output(ZMergeAnswer)
    .mutation(({ ctx, input }) => mergeClients(ctx.scope, input)),
})
