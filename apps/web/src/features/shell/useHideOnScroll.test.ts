// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHideOnScroll } from './useHideOnScroll.ts';

// The page's position, and how often the hook read it.
let position = 0;
let reads = 0;

function scrollTo(y: number) {
  position = y;
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  vi.useFakeTimers();
  position = 0;
  reads = 0;
  Object.defineProperty(window, 'scrollY', {
    configurable: true,
    get: () => {
      reads++;
      return position;
    },
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useHideOnScroll', () => {
  it('hides on the way down and shows on the way up, past 20 px each', () => {
    const { result } = renderHook(() => useHideOnScroll());
    expect(result.current).toBe(true);

    act(() => {
      scrollTo(400);
      vi.advanceTimersByTime(30);
    });
    expect(result.current).toBe(false);

    act(() => {
      scrollTo(380);
      vi.advanceTimersByTime(30);
    });
    expect(result.current).toBe(false);

    act(() => {
      scrollTo(379);
      vi.advanceTimersByTime(30);
    });
    expect(result.current).toBe(true);
  });

  it('reads the position at most once per 30 ms, and always reads the last one', () => {
    const { result } = renderHook(() => useHideOnScroll());
    reads = 0;

    act(() => {
      for (let y = 100; y <= 500; y += 10) scrollTo(y);
    });
    expect(reads).toBe(1);
    act(() => {
      scrollTo(20);
      vi.advanceTimersByTime(29);
    });
    expect(reads).toBe(1);
    expect(result.current).toBe(false);

    act(() => vi.advanceTimersByTime(1));
    expect(reads).toBe(2);
    // The burst ended near the top, so the header is back.
    expect(result.current).toBe(true);

    // A quiet 30 ms later, the next event is read at once again.
    act(() => vi.advanceTimersByTime(30));
    act(() => scrollTo(300));
    expect(reads).toBe(3);
    expect(result.current).toBe(false);
  });

  it('stops listening when unmounted', () => {
    const { unmount } = renderHook(() => useHideOnScroll());
    const remove = vi.spyOn(window, 'removeEventListener');
    unmount();
    expect(remove).toHaveBeenCalledWith('scroll', expect.any(Function));
  });
});
