// A select with a text filter (docs/product.md#4-states-and-transitions): open or closed, closes on an outside click;
// choosing an option closes it and clears the filter; on opening, the list scrolls to the selected
// option when it sits lower than 70 px; Enter picks the first (highlighted) match.
import { useEffect, useMemo, useRef, useState } from 'react'
import { useSite } from '../lib/site'

export interface DropdownOption {
  value: string
  text: string
}

interface Props {
  options: DropdownOption[]
  value: string
  onChange: (value: string) => void
  placeholder: string
  id: string
  /** Accessible name of the control (the placeholder is shown instead of a visible label). */
  label: string
}

const SCROLL_THRESHOLD_PX = 70

export function Dropdown({ options, value, onChange, placeholder, id, label }: Props) {
  const { t } = useSite()
  const [open, setOpen] = useState(false)
  const [search, setSearch] = useState('')
  const [active, setActive] = useState(0)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLDivElement>(null)

  const selected = options.find((o) => o.value === value)
  const matches = useMemo(() => {
    const needle = search.trim().toLowerCase()
    return needle ? options.filter((o) => o.text.toLowerCase().includes(needle)) : options
  }, [options, search])

  const close = () => {
    setOpen(false)
    setSearch('')
    setActive(0)
  }
  const choose = (option: DropdownOption) => {
    onChange(option.value)
    close()
    buttonRef.current?.focus()
  }

  // Outside click closes; listening only while open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `close` only sets state, so the one from the opening render does
  useEffect(() => {
    if (!open) return
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) close()
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  // On opening: focus the filter and bring a selected option further down into view.
  useEffect(() => {
    if (!open) return
    inputRef.current?.focus()
    const list = listRef.current
    const option = list?.querySelector<HTMLElement>('[aria-selected="true"]')
    if (list && option && option.offsetTop > SCROLL_THRESHOLD_PX) list.scrollTop = option.offsetTop
  }, [open])

  const onFilterKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault() // never submits the surrounding form
      const pick = matches[active] ?? matches[0]
      if (pick) choose(pick)
    } else if (e.key === 'Escape') {
      e.preventDefault()
      close()
      buttonRef.current?.focus()
    } else if (e.key === 'ArrowDown') {
      e.preventDefault()
      setActive((i) => Math.min(i + 1, matches.length - 1))
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      setActive((i) => Math.max(i - 1, 0))
    }
  }

  const listId = `${id}-listbox`
  const optionId = (i: number) => `${id}-option-${i}`

  return (
    <div ref={rootRef} className="relative w-full">
      <span id={`${id}-label`} className="sr-only">
        {label}
      </span>
      <button
        ref={buttonRef}
        id={id}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open && matches.length ? listId : undefined}
        aria-labelledby={`${id}-label ${id}`}
        onClick={() => (open ? close() : setOpen(true))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault()
            setOpen(true)
          }
        }}
        className="flex w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-left text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        <span className={selected ? 'text-slate-900' : 'text-slate-600'}>{selected?.text ?? placeholder}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`size-4 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
        >
          <path
            fill="currentColor"
            d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
          />
        </svg>
      </button>
      {open && (
        <div className="absolute inset-x-0 top-full z-30 mt-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
          <input
            ref={inputRef}
            type="text"
            role="combobox"
            aria-label={`${t('search.filter')}: ${label}`}
            aria-expanded={matches.length > 0}
            aria-controls={matches.length ? listId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={matches.length ? optionId(active) : undefined}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value)
              setActive(0)
            }}
            onKeyDown={onFilterKey}
            placeholder={t('search.filter')}
            className="mb-2 w-full rounded-md border border-slate-300 px-3 py-2 text-base outline-none focus:border-brand"
          />
          {matches.length ? (
            <div
              ref={listRef}
              id={listId}
              role="listbox"
              aria-labelledby={`${id}-label`}
              className="relative max-h-60 overflow-y-auto"
            >
              {matches.map((option, i) => (
                // The filter input keeps focus and handles the keys; options are reached with aria-activedescendant.
                // biome-ignore lint/a11y/useFocusableInteractive: see above
                // biome-ignore lint/a11y/useKeyWithClickEvents: see above
                <div
                  key={option.value}
                  id={optionId(i)}
                  role="option"
                  aria-selected={option.value === value}
                  // Keeps focus in the filter, so the outside-click check never sees the click as outside.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(option)}
                  onMouseEnter={() => setActive(i)}
                  className={`cursor-pointer rounded-md px-3 py-2 text-sm ${i === active ? 'bg-brand/10' : ''} ${option.value === value ? 'font-semibold text-brand-dark' : 'text-slate-800'}`}
                >
                  {option.text}
                </div>
              ))}
            </div>
          ) : (
            <p className="px-3 py-2 text-sm text-slate-600">{t('errors.no_results')}</p>
          )}
        </div>
      )}
    </div>
  )
}
