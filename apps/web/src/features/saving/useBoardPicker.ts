import { useQuery } from '@tanstack/react-query';
import { fetchBoardPicker, fetchSavedTo, fetchTitleSuggestions } from './savingApi.ts';
import { savingKeys } from './savingKeys.ts';

/**
 * The viewer's boards for saving `pinId` (null: a pin not made yet): all of them (the server's
 * order) and the shortlist.
 */
export function useBoardPicker(pinId: string | null) {
  return useQuery({
    queryKey: savingKeys.picker(pinId),
    queryFn: ({ signal }) => fetchBoardPicker(pinId, signal),
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
