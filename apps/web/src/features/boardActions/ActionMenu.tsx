import { useId, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import styles from './BoardActions.module.css';
import { useMenuDismiss } from './useMenuDismiss.ts';

export interface ActionMenuItem {
  label: string;
  onSelect: () => void;
}

/**
 * A board's menu: a button and a list of buttons, closed by Escape, a click elsewhere or a
 * choice. Choosing gives the focus to the menu's button first, so a dialog the choice opens
 * gives it back there when it closes (the item itself is gone by then).
 */
export function ActionMenu({ label, items }: { label: string; items: ActionMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  useMenuDismiss(open, wrap, () => setOpen(false));
  return (
    <div ref={wrap}>
      <Button aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        {label}
      </Button>
      {open && (
        <ul id={menuId} className={styles.menu}>
          {items.map((item) => (
            <li key={item.label}>
              <button
                type="button"
                className={styles.menuItem}
                onClick={() => {
                  // The trigger is the first button of the wrapper (the kit's Button takes no ref).
                  wrap.current?.querySelector('button')?.focus();
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
