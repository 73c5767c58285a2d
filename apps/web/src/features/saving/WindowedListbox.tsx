import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import styles from './BoardPicker.module.css';

/** Every line of the picker's lists is this tall, so the window is arithmetic, not measurement. */
export const ROW_HEIGHT = 64;
/** How many lines the list shows at once; it scrolls past that. */
export const VISIBLE_ROWS = 6;
/** Lines rendered beyond each edge of the window, so fast scrolling shows no gaps. */
const OVERSCAN = 4;

interface WindowedListboxProps<Item> {
  id: string;
  label: string;
  items: readonly Item[];
  /** Headings are shown but are not options. A stable function (module level). */
  isOption: (item: Item) => boolean;
  itemKey: (item: Item) => string;
  activeIndex: number;
  optionId: (index: number) => string;
  onActivate: (index: number) => void;
  onChoose: (index: number) => void;
  renderItem: (item: Item, active: boolean) => ReactNode;
  /**
   * The list itself takes the focus and the keys (a list without a search field); otherwise
   * the search field does and points here.
   */
  focusable?: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
}

/**
 * A listbox that renders only the lines in view (2,000 boards stay smooth). The focus stays in
 * the search field, which points at the active option with aria-activedescendant; this list
 * scrolls that option into view.
 */
export function WindowedListbox<Item>(props: WindowedListboxProps<Item>) {
  const { items, activeIndex, isOption } = props;
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const height = Math.min(items.length, VISIBLE_ROWS) * ROW_HEIGHT;
  const { focusable = false } = props;

  useEffect(() => {
    if (focusable) viewport.current?.focus();
  }, [focusable]);

  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element || activeIndex < 0) return;
    const top = activeIndex * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + height) element.scrollTop = top + ROW_HEIGHT - height;
    setScrollTop(element.scrollTop);
  }, [activeIndex, height]);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  // Each option's place among the options (headings are not counted), for aria-posinset.
  const positions = useMemo(() => {
    let position = 0;
    return items.map((item) => (isOption(item) ? ++position : 0));
  }, [items, isOption]);
  const options = positions.reduce((most, position) => Math.max(most, position), 0);

  const rows = items.slice(first, last).map((item, offset) => {
    const index = first + offset;
    const style = { top: index * ROW_HEIGHT, height: ROW_HEIGHT };
    if (!isOption(item)) {
      return (
        <div key={props.itemKey(item)} role="presentation" className={styles.heading} style={style}>
          {props.renderItem(item, false)}
        </div>
      );
    }
    const active = index === activeIndex;
    return (
      <div
        key={props.itemKey(item)}
        id={props.optionId(index)}
        role="option"
        aria-selected={active}
        aria-posinset={positions[index]}
        aria-setsize={options}
        className={[styles.option, active && styles.active].filter(Boolean).join(' ')}
        style={style}
        onMouseMove={() => !active && props.onActivate(index)}
        onClick={() => props.onChoose(index)}
      >
        {props.renderItem(item, active)}
      </div>
    );
  });

  return (
    <div
      ref={viewport}
      id={props.id}
      role="listbox"
      aria-label={props.label}
      aria-activedescendant={focusable && activeIndex >= 0 ? props.optionId(activeIndex) : undefined}
      tabIndex={focusable ? 0 : undefined}
      onKeyDown={props.onKeyDown}
      className={styles.viewport}
      style={{ height }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div className={styles.track} style={{ height: items.length * ROW_HEIGHT }}>
        {rows}
      </div>
    </div>
  );
}
