'use client'

import { usePathname } from 'next/navigation'
import { useId, useState } from 'react'
import { Icon } from '@/components/ui/Icon'

export type NavEntryLink = { label: string; href: string }
export type NavEntry = NavEntryLink & {
  submenu?: NavEntryLink[]
  groups?: { label: string; links: NavEntryLink[] }[]
}

type Props = {
  items: NavEntry[]
  getStarted: NavEntryLink
  labels: { navigation: string; openMenu: string; closeMenu: string; showSubmenu: string[] }
}

/**
 * The header navigation: a burger panel below 768 px, hover/focus dropdowns
 * from 768 px up. Open menus belong to the path they were opened on, so any
 * route change closes them.
 */
export function HeaderNav({ items, getStarted, labels }: Props) {
  const pathname = usePathname()
  const [menu, setMenu] = useState<{ path: string; burger: boolean; dropdown: number | null }>({
    path: pathname,
    burger: false,
    dropdown: null,
  })
  // A click inside a dropdown leaves focus and the pointer there; hover opening waits until the pointer comes back.
  const [hoverPausedOn, setHoverPausedOn] = useState<string | null>(null)
  const current = menu.path === pathname ? menu : { path: pathname, burger: false, dropdown: null }
  const hoverEnabled = hoverPausedOn !== pathname
  const baseId = useId()

  const toggleBurger = () => setMenu({ ...current, burger: !current.burger, dropdown: null })
  const toggleDropdown = (index: number) =>
    setMenu({ ...current, dropdown: current.dropdown === index ? null : index })
  const closeAfterNavigation = () => {
    setMenu({ path: pathname, burger: false, dropdown: null })
    setHoverPausedOn(pathname)
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
  }

  return (
    <>
      <button
        type="button"
        className="order-last ms-1 inline-flex size-10 items-center justify-center rounded-full text-white hover:bg-white/10 md:hidden"
        aria-expanded={current.burger}
        aria-controls={`${baseId}-nav`}
        aria-label={current.burger ? labels.closeMenu : labels.openMenu}
        onClick={toggleBurger}
      >
        <Icon name={current.burger ? 'close' : 'menu'} />
      </button>
      <nav
        id={`${baseId}-nav`}
        aria-label={labels.navigation}
        className={`${current.burger ? 'block' : 'hidden'} absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-white/10 bg-brand-950 pb-6 md:static md:block md:max-h-none md:overflow-visible md:border-0 md:bg-transparent md:pb-0`}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setMenu({ ...current, burger: false, dropdown: null })
        }}
      >
        <ul className="container-site flex flex-col gap-1 pt-3 md:w-auto md:flex-row md:items-center md:gap-0 md:p-0">
          {items.map((item, index) => {
            const hasMenu = Boolean(item.submenu?.length || item.groups?.length)
            const open = current.dropdown === index
            const panelId = `${baseId}-menu-${index}`
            return (
              <li
                key={item.href}
                className="group relative"
                onPointerEnter={() => hoverPausedOn !== null && setHoverPausedOn(null)}
              >
                <div className="flex items-center">
                  <a
                    href={item.href}
                   
                    onClick={closeAfterNavigation}
                    className="block flex-1 rounded-lg px-3 py-2 text-base font-medium text-white/90 hover:bg-white/10 hover:text-white md:text-sm"
                  >
                    {item.label}
                  </a>
                  {hasMenu && (
                    <button
                      type="button"
                      className="inline-flex size-9 items-center justify-center rounded-lg text-white/80 hover:bg-white/10 md:-ms-2 md:size-7"
                      aria-expanded={open}
                      aria-controls={panelId}
                      aria-label={labels.showSubmenu[index]}
                      onClick={() => toggleDropdown(index)}
                    >
                      <Icon name="chevron" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
                    </button>
                  )}
                </div>
                {hasMenu && (
                  <div
                    id={panelId}
                    className={`${open ? 'block' : 'hidden'} ${hoverEnabled ? 'md:group-hover:block md:group-focus-within:block' : ''} z-50 ps-4 md:absolute md:start-0 md:top-full md:ps-0 md:pt-2`}
                  >
                    <div
                      className={`rounded-xl md:border md:border-line md:bg-white md:p-3 md:text-ink md:shadow-xl ${item.groups ? 'md:grid md:w-[44rem] md:grid-cols-3 md:gap-4' : 'md:w-64'}`}
                    >
                      {item.submenu && <SubmenuLinks links={item.submenu} onNavigate={closeAfterNavigation} />}
                      {item.groups?.map((group) => (
                        <div key={group.label} className="py-1">
                          <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-white/60 uppercase md:text-muted">
                            {group.label}
                          </p>
                          <SubmenuLinks links={group.links} onNavigate={closeAfterNavigation} />
                        </div>
                      ))}
                    </div>
                  </div>
                )}
              </li>
            )
          })}
          <li className="mt-3 px-3 md:hidden">
            <a href={getStarted.href} onClick={closeAfterNavigation} className="btn-accent w-full">
              {getStarted.label}
            </a>
          </li>
        </ul>
      </nav>
    </>
  )
}

function SubmenuLinks({ links, onNavigate }: { links: NavEntryLink[]; onNavigate: () => void }) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
           
            onClick={onNavigate}
            className="block rounded-lg px-3 py-1.5 text-sm text-white/85 hover:bg-white/10 md:text-ink md:hover:bg-brand-50 md:hover:text-brand-700"
          >
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  )
}
