declare global {
  interface Window {
    /**
     * Where index.html's first script puts a click on a button the app has not taken over yet:
     * an array until the app starts, then the app's own queue.
     */
    __earlyClicks?: { push(button: HTMLElement): unknown };
  }
}

/** How often a kept click waits for its button to be taken over, and for how long at most. */
const RETRY_MS = 50;
const MAX_WAIT_MS = 15_000;

/** React marks each DOM node it has taken over (hydrated or rendered) with its props. */
function takenOver(button: HTMLElement): boolean {
  return Object.keys(button).some((key) => key.startsWith('__reactProps$'));
}

/**
 * Gives the app the clicks a person made on a server-drawn button (or a link that opens a dialog,
 * `aria-haspopup`: Save) before the app took it over:
 * the page first, then each lazily loaded part when its code has come (until then its buttons are
 * only markup). index.html's first script keeps those clicks, without their native effect (a
 * form's submit); from here on each is clicked again, in order, as soon as its button is the
 * app's. A button the app removed or disabled meanwhile is skipped; one never taken over is
 * given up after MAX_WAIT_MS.
 */
export function takeOverEarlyClicks(target: Window = window): void {
  const early = target.__earlyClicks;
  const queue: { button: HTMLElement; waited: number }[] = Array.isArray(early)
    ? early.map((button: HTMLElement) => ({ button, waited: 0 }))
    : [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    while (queue.length > 0) {
      const head = queue[0]!;
      const { button } = head;
      if (!button.isConnected || (button as HTMLButtonElement).disabled || head.waited >= MAX_WAIT_MS) {
        queue.shift();
      } else if (!takenOver(button)) {
        head.waited += RETRY_MS;
        timer = setTimeout(flush, RETRY_MS);
        return;
      } else {
        queue.shift();
        button.click();
      }
    }
  };
  target.__earlyClicks = {
    push(button) {
      queue.push({ button, waited: 0 });
      if (timer === undefined) flush();
    },
  };
  flush();
}
