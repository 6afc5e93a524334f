// A small accessible menu button (WAI-ARIA menu button pattern) for the header menus, in place of
// a popper-positioned library menu: the trigger has aria-haspopup="menu" and aria-expanded; the
// list is role="menu" with role="menuitem" items. Opening focuses the first item (the last with
// ArrowUp on the trigger); ArrowUp/ArrowDown/Home/End move between items, Enter and Space choose one; Escape closes and gives
// focus back to the trigger; Tab, an outside click and choosing an item close it. The list renders
// in place (no portal), so an open menu stays inside the <header> landmark.
import { type ComponentProps, createContext, useCallback, useContext, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'wouter'

interface MenuState {
  open: boolean
  toggle: (focus: 'first' | 'last') => void
  /** Closes; `restoreFocus` gives focus back to the trigger. */
  close: (restoreFocus: boolean) => void
  triggerId: string
  contentId: string
  triggerRef: React.RefObject<HTMLButtonElement | null>
}

const MenuContext = createContext<MenuState | null>(null)

function useMenu(): MenuState {
  const menu = useContext(MenuContext)
  if (!menu) throw new Error('menu part outside <Menu>')
  return menu
}

const itemsOf = (list: HTMLElement | null) => [...(list?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]

export function Menu({ children, className = '' }: { children: React.ReactNode; className?: string }) {
  const [open, setOpen] = useState(false)
  const focusOnOpen = useRef<'first' | 'last'>('first')
  const rootRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const id = useId()

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false)
    if (restoreFocus) triggerRef.current?.focus()
  }, [])
  const toggle = useCallback((focus: 'first' | 'last') => {
    focusOnOpen.current = focus
    setOpen((o) => !o)
  }, [])

  useEffect(() => {
    if (!open) return
    const items = itemsOf(rootRef.current)
    ;(focusOnOpen.current === 'first' ? items[0] : items.at(-1))?.focus()
    // An outside click closes; listening only while open.
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) close(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open, close])

  const state: MenuState = { open, toggle, close, triggerId: `${id}-trigger`, contentId: `${id}-menu`, triggerRef }
  return (
    <MenuContext.Provider value={state}>
      <div ref={rootRef} className={`relative ${className}`}>
        {children}
      </div>
    </MenuContext.Provider>
  )
}

export function MenuTrigger({ onClick, onKeyDown, ...props }: ComponentProps<'button'>) {
  const menu = useMenu()
  return (
    <button
      ref={menu.triggerRef}
      type="button"
      id={menu.triggerId}
      aria-haspopup="menu"
      aria-expanded={menu.open}
      aria-controls={menu.open ? menu.contentId : undefined}
      data-state={menu.open ? 'open' : 'closed'}
      onClick={(e) => {
        onClick?.(e)
        menu.toggle('first')
      }}
      onKeyDown={(e) => {
        onKeyDown?.(e)
        if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !menu.open) {
          e.preventDefault()
          menu.toggle(e.key === 'ArrowDown' ? 'first' : 'last')
        } else if (e.key === 'Escape' && menu.open) {
          e.preventDefault()
          menu.close(true)
        }
      }}
      {...props}
    />
  )
}

/** The list; rendered only while open. `align` is the side of the trigger it lines up with. */
export function MenuContent({
  align = 'start',
  className = '',
  children,
}: {
  align?: 'start' | 'end'
  className?: string
  children: React.ReactNode
}) {
  const menu = useMenu()
  if (!menu.open) return null

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const items = itemsOf(e.currentTarget)
    const at = items.indexOf(document.activeElement as HTMLElement)
    const move = (i: number) => {
      e.preventDefault()
      items[(i + items.length) % items.length]?.focus()
    }
    if (e.key === 'ArrowDown') move(at + 1)
    else if (e.key === 'ArrowUp') move(at < 0 ? -1 : at - 1)
    else if (e.key === 'Home') move(0)
    else if (e.key === 'End') move(-1)
    else if (e.key === ' ' && document.activeElement instanceof HTMLAnchorElement) {
      e.preventDefault() // a link item acts on Space too, like the button items
      document.activeElement.click()
    } else if (e.key === 'Escape') {
      e.preventDefault()
      menu.close(true)
    } else if (e.key === 'Tab') menu.close(false)
  }

  return (
    <div
      id={menu.contentId}
      role="menu"
      aria-labelledby={menu.triggerId}
      aria-orientation="vertical"
      data-state="open"
      onKeyDown={onKeyDown}
      className={`absolute top-full z-50 mt-1.5 ${align === 'end' ? 'right-0' : 'left-0'} ${className}`}
    >
      {children}
    </div>
  )
}

/** Items share the look; the highlighted one is the focused or hovered one. */
const ITEM =
  'flex w-full cursor-pointer select-none items-center rounded-md px-3 py-2 text-left text-sm text-slate-800 outline-none hover:bg-slate-100 focus-visible:bg-slate-100'

/** An item that navigates inside the app. */
export function MenuLink({ className = '', onClick, ...props }: ComponentProps<typeof Link>) {
  const menu = useMenu()
  return (
    <Link
      role="menuitem"
      tabIndex={-1}
      className={`${ITEM} ${className}`}
      onClick={(e: React.MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e)
        menu.close(false)
      }}
      {...props}
    />
  )
}

/** An item that leaves the app (a plain link). */
export function MenuAnchor({ className = '', ...props }: ComponentProps<'a'>) {
  return <a role="menuitem" tabIndex={-1} className={`${ITEM} ${className}`} {...props} />
}

/** An item that acts: `onSelect` runs, then the menu closes and the trigger gets focus back. */
export function MenuButton({
  className = '',
  onSelect,
  ...props
}: Omit<ComponentProps<'button'>, 'onSelect'> & { onSelect: () => void }) {
  const menu = useMenu()
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={`${ITEM} ${className}`}
      onClick={() => {
        menu.close(true)
        onSelect()
      }}
      {...props}
    />
  )
}

export function MenuSeparator({ className = '' }: { className?: string }) {
  return <div role="separator" className={className} />
}
