// The Save / Cancel row under a panel editor form (staff accounts, merchants, static pages, site reviews).
import { Button } from '../ui/Button'
import type { PT } from './text'

export function EditorActions({
  pt,
  pending,
  onCancel,
  className = '',
  saveTestId,
}: {
  pt: PT
  pending: boolean
  onCancel: () => void
  className?: string
  saveTestId?: string
}) {
  return (
    <div className={`flex gap-2 ${className}`.trim()}>
      <Button size="sm" type="submit" variant="primary" disabled={pending} data-testid={saveTestId}>
        {pt('p.save')}
      </Button>
      <Button size="sm" variant="secondary" onClick={onCancel}>
        {pt('p.cancel')}
      </Button>
    </div>
  )
}
