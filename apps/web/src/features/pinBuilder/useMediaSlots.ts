import type { MediaUpload } from '@pinboard/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import {
  checkImageSize,
  checkMediaFile,
  MediaFailedError,
  mediaKindOf,
  readImageSize,
  sendMedia,
  type MediaKind,
} from './mediaChecks.ts';

/** One picture or video being added: sent, ready to publish, or refused (with the words why). */
export type MediaSlot =
  | { status: 'uploading'; kind: MediaKind; previewUrl: string }
  | { status: 'ready'; kind: MediaKind; previewUrl: string; upload: MediaUpload }
  | { status: 'failed'; message: string };

/**
 * The media of a pin (one slot) or of an idea pin's pages (a slot per page), by key. Choosing
 * again replaces a slot and cancels what it was still sending; object URLs are let go.
 */
export function useMediaSlots() {
  const { t } = useTranslation();
  const [slots, setSlots] = useState<Record<string, MediaSlot>>({});
  const controllers = useRef(new Map<string, AbortController>());
  const objectUrls = useRef(new Map<string, string>());

  useEffect(() => {
    const running = controllers.current;
    const urls = objectUrls.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const put = (key: string, slot: MediaSlot | null) =>
    setSlots((current) => {
      const next = { ...current };
      if (slot) next[key] = slot;
      else delete next[key];
      return next;
    });

  function release(key: string) {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    const url = objectUrls.current.get(key);
    if (url) URL.revokeObjectURL(url);
    objectUrls.current.delete(key);
  }

  function send(key: string, kind: MediaKind, previewUrl: string, source: Parameters<typeof sendMedia>[0]) {
    const controller = new AbortController();
    controllers.current.set(key, controller);
    put(key, { status: 'uploading', kind, previewUrl });
    sendMedia(source, controller.signal).then(
      (upload) => {
        if (!controller.signal.aborted) put(key, { status: 'ready', kind, previewUrl, upload });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message =
          error instanceof MediaFailedError
            ? error.message || t('pinBuilder.errors.generic')
            : errorMessage(t, error, 'pinBuilder.errors.generic', { otherwise: 'serverDetail' });
        put(key, { status: 'failed', message });
      },
    );
  }

  async function chooseFile(key: string, file: File) {
    release(key);
    const problem = checkMediaFile(file);
    const kind = mediaKindOf(file.type);
    if (problem || !kind)
      return put(key, { status: 'failed', message: t(`pinBuilder.fileProblems.${problem ?? 'notMedia'}`) });
    if (kind === 'image') {
      const size = await readImageSize(file);
      const tooSmall = size && checkImageSize(size);
      if (tooSmall) return put(key, { status: 'failed', message: t(`pinBuilder.fileProblems.${tooSmall}`) });
    }
    const previewUrl = URL.createObjectURL(file);
    objectUrls.current.set(key, previewUrl);
    send(key, kind, previewUrl, { file });
  }

  /** An image found on a web page: the server fetches and keeps it (`registerImage`). */
  function chooseImageUrl(key: string, imageUrl: string) {
    release(key);
    send(key, 'image', imageUrl, { imageUrl });
  }

  function clear(key: string) {
    release(key);
    put(key, null);
  }

  return { slots, chooseFile, chooseImageUrl, clear };
}
