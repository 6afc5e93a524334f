// An amount of money as every screen writes it (common/money: whole units when whole, then the
// currency's sign or code).
import { moneyText } from '../../common/money'

export function Price({ minor, currency, className }: { minor: number; currency: string; className?: string }) {
  return <span className={`tabular-nums ${className ?? ''}`}>{moneyText(minor, currency)}</span>
}
