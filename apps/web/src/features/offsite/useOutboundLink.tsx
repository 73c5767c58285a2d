import { lazy, Suspense, useCallback, useState, type MouseEvent } from 'react';
import { openDirectly } from './openDirectly.ts';
import type { OffsiteStop } from './openOutboundLink.ts';

// The explanation and its words load only when a link is stopped.
const OffsiteNotice = lazy(async () => ({ default: (await import('./OffsiteNotice.tsx')).OffsiteNotice }));

/** Starts loading the check's chunk early (on hover or focus of a pin's link). */
export function preloadOutboundCheck() {
  void import('./openOutboundLink.ts');
}

const WEB_LINK = /^https?:\/\//i;

/**
 * What a pin's (or, without `pinId`, a comment's) outbound link needs (decision 28; docs/product/outbound-links.md): a click (or a middle
 * click) asks the server first; a safe link opens through `/offsite/`, a stopped one shows
 * why. The check's code is a chunk of its own, so this hook is all the first page carries.
 */
export function useOutboundLink(link: string | null, pinId?: string, adToken?: string) {
  const [stopped, setStopped] = useState<OffsiteStop | null>(null);
  const close = useCallback(() => setStopped(null), []);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!link || !WEB_LINK.test(link) || event.button > 1) return;
    event.preventDefault();
    import('./openOutboundLink.ts').then(
      async ({ openOutboundLink }) => {
        const stop = await openOutboundLink({ url: link, pinId, adToken });
        if (stop) setStopped(stop);
      },
      // The check's code could not load: as any failed check, the link opens normally.
      () => openDirectly(link),
    );
  };

  const notice = stopped ? (
    <Suspense fallback={null}>
      <OffsiteNotice stop={stopped} onClose={close} />
    </Suspense>
  ) : null;
  return {
    onClick,
    onAuxClick: onClick,
    onPointerEnter: preloadOutboundCheck,
    onFocus: preloadOutboundCheck,
    notice,
  };
}
