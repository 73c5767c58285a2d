// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useViewportClass } from './useViewportClass.ts';

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  window.dispatchEvent(new Event('resize'));
}

afterEach(() => {
  cleanup();
  resizeTo(1024);
});

describe('useViewportClass', () => {
  it('follows the window across the 870 and 1275 px boundaries', () => {
    resizeTo(869);
    const { result } = renderHook(() => useViewportClass());
    expect(result.current).toBe('narrow');

    act(() => resizeTo(870));
    expect(result.current).toBe('medium');
    act(() => resizeTo(1275));
    expect(result.current).toBe('medium');
    act(() => resizeTo(1276));
    expect(result.current).toBe('wide');
  });

  it('re-renders only when the class changes', () => {
    resizeTo(1000);
    let renders = 0;
    renderHook(() => {
      renders++;
      return useViewportClass();
    });
    const before = renders;

    act(() => {
      for (let width = 900; width < 1200; width += 50) resizeTo(width);
    });
    expect(renders).toBe(before);
  });
});
