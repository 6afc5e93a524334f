// A popover (Radix): a trigger button and a panel beside it that keeps focus inside while open; Escape and an
// outside click close it and give focus back to the trigger. Panel and cabinet screens only (Radix stays out
// of the public pages' first load).
import { Popover as Radix } from 'radix-ui'
import type { ReactNode } from 'react'

export function Popover({
  open,
  onOpenChange,
  trigger,
  label,
  children,
  testId,
}: {
  open: boolean
  onOpenChange: (v: boolean) => void
  /** The button that opens it (rendered as the trigger itself). */
  trigger: ReactNode
  /** The panel's accessible name. */
  label: string
  children: ReactNode
  testId?: string
}) {
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Trigger asChild>{trigger}</Radix.Trigger>
      <Radix.Portal>
        <Radix.Content
          aria-label={label}
          data-testid={testId}
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-h-[min(28rem,calc(100vh-2rem))] w-[min(22rem,calc(100vw-1rem))] overflow-y-auto rounded-xl bg-white p-3 text-slate-900 shadow-xl ring-1 ring-slate-200 focus:outline-none"
        >
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  )
}
