import type { ReactNode } from 'react';

// The words' own markup for a component inside them (as Trans reads it, i18n.ts): one action, `<0>…</0>`.
const ACTION = /^([\s\S]*)<0>([\s\S]*)<\/0>([\s\S]*)$/;

/**
 * Words with one action inside (errorMessage's `withAction` words): the marked words become a
 * button that runs `onAction`; words without a mark read as they are.
 */
export function ActionText({
  text,
  onAction,
  className,
}: {
  text: string;
  onAction: () => void;
  className?: string;
}): ReactNode {
  const parts = ACTION.exec(text);
  if (!parts) return text;
  const [, before, action, after] = parts;
  return (
    <>
      {before}
      <button type="button" className={className} onClick={onAction}>
        {action}
      </button>
      {after}
    </>
  );
}
