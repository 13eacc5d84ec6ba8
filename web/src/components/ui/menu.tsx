import {
  createContext, useCallback, useContext, useEffect, useId, useRef, useState,
  type KeyboardEvent, type ReactNode,
} from 'react';
import { Link } from 'react-router-dom';

const MenuContext = createContext<{ close: (returnFocus?: boolean) => void } | null>(null);

function useMenu() {
  const context = useContext(MenuContext);
  if (!context) throw new Error('Menu items belong inside a Menu.');
  return context;
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])')) : [];
}

interface MenuProps {
  /** The accessible name of the button that opens the menu. */
  label: string;
  button: ReactNode;
  buttonClassName?: string;
  children: ReactNode;
  align?: 'start' | 'end';
}

/**
 * A menu button (WAI-ARIA menu pattern): arrow keys, Home and End move between items, Escape
 * closes and returns focus to the button, Tab or a click outside closes.
 */
export function Menu({ label, button, buttonClassName, children, align = 'end' }: MenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const menuId = useId();

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const items = menuItems(menuRef.current);
    if (focusOnOpen.current === 'last') items[items.length - 1]?.focus();
    else if (focusOnOpen.current === 'first') items[0]?.focus();
    else menuRef.current?.focus();
    focusOnOpen.current = null;

    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openWith = (focus: 'first' | 'last' | null) => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openWith('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openWith('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index < 0 ? items.length - 1 : index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openWith(null))}
        onKeyDown={onButtonKeyDown}
      >
        {button}
      </button>
      {open && (
        <MenuContext.Provider value={{ close }}>
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={label}
            tabIndex={-1}
            className={`menu__list menu__list--${align}`}
            onKeyDown={onMenuKeyDown}
          >
            {children}
          </div>
        </MenuContext.Provider>
      )}
    </div>
  );
}

export function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  const { close } = useMenu();
  return (
    <Link role="menuitem" tabIndex={-1} className="menu__item" to={to} onClick={() => close(false)}>
      {children}
    </Link>
  );
}

export function MenuButton({ onSelect, children, disabled }: { onSelect: () => void; children: ReactNode; disabled?: boolean }) {
  const { close } = useMenu();
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className="menu__item"
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (disabled) return;
        close();
        onSelect();
      }}
    >
      {children}
    </button>
  );
}

/** A checkable item drawn as a switch; the menu stays open so the change can be seen. */
export function MenuSwitch({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <button
      type="button"
      role="menuitemcheckbox"
      aria-checked={checked}
      tabIndex={-1}
      className="menu__item"
      onClick={() => onChange(!checked)}
    >
      {children}
      <span className="switch" data-checked={checked} aria-hidden="true">
        <span className="switch__thumb" />
      </span>
    </button>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="menu__separator" />;
}
