import { useState, type KeyboardEvent } from 'react';
import { nextOptionIndex } from './pickerItems.ts';

/**
 * Up and down move the active option, Enter chooses it (docs/product/saving.md#board-picker). Moving
 * past either end is blocked: the active option stays where it is.
 */
export function usePickerKeys(items: readonly { kind: string }[], onChoose: (index: number) => void) {
  const [requested, setActiveIndex] = useState(-1);
  // An index past the list (after a search narrowed it) falls back to the first option.
  const valid = requested >= 0 && requested < items.length && items[requested]!.kind !== 'heading';
  const activeIndex = valid ? requested : nextOptionIndex(items, -1, 1);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex(nextOptionIndex(items, activeIndex, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && activeIndex >= 0 && activeIndex < items.length) {
      event.preventDefault();
      onChoose(activeIndex);
    }
  }

  return { activeIndex, setActiveIndex, onKeyDown };
}
