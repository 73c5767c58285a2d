import type { Pin, UpdatePin } from '@pinboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n.ts';
import { api, endpointKey } from '../../api/endpoints.ts';
import { useToast } from '../../ui/toastContext.ts';
import { TOAST_MS } from './toast.ts';
import { replaceCachedPin } from '../pins/cachedPins.ts';
import { refreshAfterPinChanged } from './pinCache.ts';

/** Editing and deleting one's pin, each refreshing what shows it. */
export function usePinWrites(pin: Pin) {
  const queryClient = useQueryClient();
  return {
    update: async (body: UpdatePin) => {
      const { data } = await api.updatePin({ params: { id: pin.id }, body });
      refreshAfterPinChanged(queryClient, pin, data);
      return data;
    },
    remove: async () => {
      await api.deletePin({ params: { id: pin.id } });
      refreshAfterPinChanged(queryClient, pin, null);
    },
  };
}

/**
 * 'See fewer like this': the card leaves the home feed at once, and a toast offers Undo, which
 * asks the feed again (the pin comes back where it was).
 */
export function useHidePin(pin: Pin) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toast = useToast();
  const failed = () => toast.show(t('pinMenu.hideFailed'), { durationMs: TOAST_MS, tone: 'error' });
  const undo = async () => {
    try {
      await api.unhidePin({ params: { id: pin.id } });
      void queryClient.invalidateQueries({ queryKey: endpointKey('listHomeFeed') });
      toast.show(t('pinMenu.unhidden'), { durationMs: TOAST_MS });
    } catch {
      failed();
    }
  };
  return async () => {
    try {
      await api.hidePin({ params: { id: pin.id } });
    } catch {
      failed();
      return;
    }
    replaceCachedPin(queryClient, pin.id, null, ['listHomeFeed']);
    toast.show(t('pinMenu.hidden'), {
      durationMs: TOAST_MS * 2,
      action: { label: t('pinMenu.undo'), onClick: () => void undo() },
    });
  };
}
