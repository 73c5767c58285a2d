/** How long no request may finish before the network counts as quiet. */
export const QUIET_MS = 1000;
/** The longest wait for quiet after the load event, for a page whose network never settles. */
export const MAX_QUIET_WAIT_MS = 10_000;
/** How long the callback may then wait for an idle moment of the main thread. */
export const IDLE_TIMEOUT_MS = 3000;

/**
 * Whether an image on screen is still arriving: a slow link can go a long while without a
 * request finishing while the images in view download side by side.
 */
function imageInViewLoading(): boolean {
  for (const image of document.images) {
    if (image.complete) continue;
    const box = image.getBoundingClientRect();
    if (box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth)
      return true;
  }
  return false;
}

/**
 * Calls `callback` once the page has settled: after the load event, once no request has
 * finished for `QUIET_MS` and no image in view is still arriving (the page's own data, code and
 * images are in; at most `MAX_QUIET_WAIT_MS` after load), then at an idle moment
 * (`requestIdleCallback`, at most `IDLE_TIMEOUT_MS` later). For what a visitor may use but the
 * page does not need, so it never competes with the page's own requests. Returns a function that
 * cancels the wait.
 */
export function whenPageSettled(callback: () => void): () => void {
  let cancel = () => {};

  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const timer = setTimeout(callback, 0);
      cancel = () => clearTimeout(timer);
    }
  };

  const quiet = () => {
    // Without resource timing (old browsers, jsdom) the load event and an idle moment decide.
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes.includes('resource')
    )
      return idle();
    let timer: ReturnType<typeof setTimeout>;
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(cap);
    };
    const settled = () => {
      stop();
      idle();
    };
    const quietEnough = () => {
      if (imageInViewLoading()) timer = setTimeout(quietEnough, QUIET_MS);
      else settled();
    };
    // A resource entry is reported when its request finishes: each one restarts the quiet time.
    const observer = new PerformanceObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(quietEnough, QUIET_MS);
    });
    observer.observe({ type: 'resource' });
    timer = setTimeout(quietEnough, QUIET_MS);
    const cap = setTimeout(settled, MAX_QUIET_WAIT_MS);
    cancel = stop;
  };

  if (document.readyState === 'complete') quiet();
  else {
    const onLoad = () => quiet();
    window.addEventListener('load', onLoad, { once: true });
    cancel = () => window.removeEventListener('load', onLoad);
  }
  return () => cancel();
}
