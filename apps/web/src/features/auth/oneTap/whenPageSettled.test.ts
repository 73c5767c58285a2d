// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, MAX_QUIET_WAIT_MS, QUIET_MS, whenPageSettled } from './whenPageSettled.ts';

/** A PerformanceObserver whose 'resource' entries the test reports by hand. */
function stubResourceTiming() {
  const observers = new Set<() => void>();
  class FakeObserver {
    static supportedEntryTypes = ['resource'];
    private readonly report: () => void;
    constructor(callback: () => void) {
      this.report = callback;
    }
    observe() {
      observers.add(this.report);
    }
    disconnect() {
      observers.delete(this.report);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    finishRequest: () => observers.forEach((report) => report()),
    observing: () => observers.size,
  };
}

describe('whenPageSettled', () => {
  let idle: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    idle = vi.fn((callback: () => void) => setTimeout(callback, 0));
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for a second without a finished request, then for an idle moment', () => {
    const timing = stubResourceTiming();
    const callback = vi.fn();
    whenPageSettled(callback);

    vi.advanceTimersByTime(QUIET_MS - 100);
    timing.finishRequest();
    vi.advanceTimersByTime(QUIET_MS - 100);
    expect(idle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_TIMEOUT_MS });
    expect(timing.observing()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('stops waiting for quiet after the longest wait, on a page that keeps asking', () => {
    const timing = stubResourceTiming();
    const callback = vi.fn();
    whenPageSettled(callback);
    for (let waited = 0; waited < MAX_QUIET_WAIT_MS - QUIET_MS; waited += QUIET_MS / 2) {
      vi.advanceTimersByTime(QUIET_MS / 2);
      timing.finishRequest();
    }
    expect(idle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(QUIET_MS);
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('waits while an image in view is still arriving', () => {
    stubResourceTiming();
    const image = document.createElement('img');
    document.body.append(image);
    const complete = vi.spyOn(image, 'complete', 'get').mockReturnValue(false);
    const inView = { top: 10, left: 10, bottom: 110, right: 110 } as DOMRect;
    vi.spyOn(image, 'getBoundingClientRect').mockReturnValue(inView);
    const callback = vi.fn();
    whenPageSettled(callback);

    vi.advanceTimersByTime(QUIET_MS * 3);
    expect(idle).not.toHaveBeenCalled();
    complete.mockReturnValue(true);
    vi.advanceTimersByTime(QUIET_MS + 1);
    expect(callback).toHaveBeenCalledOnce();
    image.remove();
  });

  it('starts only after the load event', () => {
    stubResourceTiming();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const callback = vi.fn();
    whenPageSettled(callback);
    vi.advanceTimersByTime(MAX_QUIET_WAIT_MS * 2);
    expect(callback).not.toHaveBeenCalled();

    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(QUIET_MS + 1);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('does nothing once cancelled', () => {
    const timing = stubResourceTiming();
    const callback = vi.fn();
    const cancel = whenPageSettled(callback);
    vi.advanceTimersByTime(QUIET_MS / 2);
    cancel();
    expect(timing.observing()).toBe(0);
    vi.advanceTimersByTime(MAX_QUIET_WAIT_MS * 2);
    expect(callback).not.toHaveBeenCalled();
  });
});
