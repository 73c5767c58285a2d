/** How long the menu's toasts stay. */
export const TOAST_MS = 4000;
