// The order screens' translator: texts from the orders area catalog (i18n/areas/orders).
import { type AreaText, useAreaText } from '../lib/area-text'

export type OrdersText = AreaText<'orders'>
export const useOrdersText = (): OrdersText => useAreaText('orders')
