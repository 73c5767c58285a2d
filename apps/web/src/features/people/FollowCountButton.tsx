import { lazy, Suspense, useState } from 'react';
import type { FollowListSource } from './useFollowList.ts';
import styles from './FollowCountButton.module.css';

// The dialog, its list and words load on the first open: a profile or board page needs only the button.
const FollowListDialog = lazy(() =>
  import('./FollowListDialog.tsx').then((module) => ({ default: module.FollowListDialog })),
);

interface FollowCountButtonProps {
  source: FollowListSource;
  /** The count as it reads ("12 followers"). */
  label: string;
  boardName?: string;
}

/** A follower or following count that opens the list behind it (problem 6). */
export function FollowCountButton({ source, label, boardName }: FollowCountButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.count} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <FollowListDialog source={source} boardName={boardName} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
