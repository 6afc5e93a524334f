// Staff: the LiqPay merchants (docs/api.md#admin-merchants; the panel area `merchants`: staff statuses 1, 3
// and 4 by the menu table of common/staff-areas.ts). Rules: server/domain/money/merchants.ts.
import {
  createMerchant,
  deleteMerchant,
  getMerchant,
  listMerchants,
  merchantCipherKey,
  saveMerchant,
} from '../../domain/money/merchants'
import { FieldErrors } from '../../../common/errors'
import { msg } from '../../../i18n/format'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import {
  ZMerchant,
  ZMerchantCreate,
  ZMerchantDeleted,
  ZMerchantId,
  ZMerchantList,
  ZMerchantListAnswer,
  ZMerchantSave,
} from '../../../common/schemas/admin/merchants.schema'

const merchants = staffProcedure('merchants')

export const merchantsAdminRouter = t.router({
  /** POST /admin/liqpay_merchants/get {page, filters} */
  list: merchants
    .input(ZMerchantList)
    .output(ZMerchantListAnswer)
    .query(({ ctx, input }) => listMerchants(ctx.scope, input)),
  /** GET /admin/liqpay_merchant/get?merchant_id */
  get: merchants
    .input(ZMerchantId)
    .output(ZMerchant)
    .query(({ ctx, input }) => getMerchant(ctx.scope, input)),
  /** POST /admin/liqpay_merchant/create {merchant} */
  create: merchants
    .input(ZMerchantCreate)
    .output(ZMerchant)
    .mutation(({ ctx, input }) => createMerchant(ctx.scope, input, merchantCipherKey(ctx.env))),
  /** POST /admin/liqpay_merchant/save {merchant_id, merchant} (the id beside the merchant or inside it) */
  save: merchants
    .input(ZMerchantSave)
    .output(ZMerchant)
    .mutation(({ ctx, input }) => {
      const { merchant_id: inner, ...merchant } = input.merchant
      const id = input.merchant_id ?? inner
      if (!id) throw new FieldErrors({ merchant_id: [msg('validation.required')] })
      return saveMerchant(ctx.scope, { merchant_id: id, merchant }, merchantCipherKey(ctx.env))
    }),
  /** POST /admin/liqpay_merchant/delete {merchant_id} */
  delete: merchants
    .input(ZMerchantId)
    .output(ZMerchantDeleted)
    .mutation(({ ctx, input }) => deleteMerchant(ctx.scope, input)),
})
