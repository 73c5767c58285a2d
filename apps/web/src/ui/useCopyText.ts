import { useToast } from './toastContext.ts';

export interface CopyWords {
  /** The toast once copied. */
  copied: string;
  /** The toast when the browser refuses the clipboard. */
  failed: string;
  durationMs: number;
}

/**
 * Copies a text to the clipboard and says so in a toast, or says it could not (no clipboard
 * permission). Resolves whether it was copied.
 */
export function useCopyText(): (text: string, words: CopyWords) => Promise<boolean> {
  const toast = useToast();
  return async (text, { copied, failed, durationMs }) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.show(copied, { durationMs });
      return true;
    } catch {
      toast.show(failed, { durationMs, tone: 'error' });
      return false;
    }
  };
}
