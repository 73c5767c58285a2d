import { useEffect, type RefObject } from 'react';

/** The popup is at least 750 x 750. */
export const POPUP_MIN_PX = 750;
/** Its height follows the content plus this margin. */
export const POPUP_CONTENT_MARGIN_PX = 48;

/** Whether this page is a window another page opened (the bookmarklet's popup). */
export function isPopupWindow(): boolean {
  return window.opener !== null && window.opener !== undefined;
}

/**
 * In a popup, keeps the window at least 750 x 750 and its height at the content's plus 48
 * (docs/product/creating.md#pin-create-page), following the content as it grows (the boards arrive, a form
 * opens). `window.resizeTo` only works on windows a script opened, so a tab is left alone.
 */
export function usePopupSize(content: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = content.current;
    if (!element || !isPopupWindow()) return;
    const fit = () => {
      const frame = Math.max(0, window.outerHeight - window.innerHeight);
      const bottom = element.getBoundingClientRect().bottom + window.scrollY;
      const height = Math.max(POPUP_MIN_PX, Math.ceil(bottom) + POPUP_CONTENT_MARGIN_PX + frame);
      const width = Math.max(POPUP_MIN_PX, window.outerWidth);
      if (height !== window.outerHeight || width !== window.outerWidth) window.resizeTo(width, height);
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [content]);
}

/**
 * Leaves the page after a save on the mobile layout (docs/product/creating.md#rules): a popup, or a tab with
 * a short history, closes; otherwise the browser goes back.
 */
export function leavePinCreate(goBack: () => void) {
  if (!isPopupWindow() && window.history.length > 2) return goBack();
  window.close();
  // A tab a script did not open may refuse to close: go back then.
  window.setTimeout(() => {
    if (!window.closed) goBack();
  }, 200);
}
