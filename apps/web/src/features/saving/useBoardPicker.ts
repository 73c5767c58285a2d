import { useQuery } from '@tanstack/react-query';
import { useAdvertiserIdToSend } from '../viewer/advertiserContext.ts';
import { fetchBoardPicker, fetchSavedTo, fetchTitleSuggestions } from './savingApi.ts';
import { savingKeys } from './savingKeys.ts';

/**
 * The viewer's boards for saving `pinId` (null: a pin not made yet): all of them (the server's
 * order) and the shortlist. An ad-account viewer who is not the owner asks with `advertiser_id`.
 */
export function useBoardPicker(pinId: string | null) {
  const advertiserId = useAdvertiserIdToSend();
  return useQuery({
    queryKey: savingKeys.pickerFor(pinId, advertiserId),
    queryFn: ({ signal }) => fetchBoardPicker(pinId, advertiserId, signal),
  });
}

/** The viewer's boards that already hold this pin ('Psst! You already saved...'). */
export function useSavedTo(pinId: string) {
  return useQuery({
    queryKey: savingKeys.savedTo(pinId),
    queryFn: ({ signal }) => fetchSavedTo(pinId, signal),
  });
}

/** Names for a new board (or section) for this pin; they stay for the picker's life. */
export function useTitleSuggestions(pinId: string) {
  return useQuery({
    queryKey: savingKeys.titleSuggestions(pinId),
    queryFn: ({ signal }) => fetchTitleSuggestions(pinId, signal),
    staleTime: Infinity,
  });
}
