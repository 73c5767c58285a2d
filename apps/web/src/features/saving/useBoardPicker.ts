import { useQuery } from '@tanstack/react-query';
import { useAdvertiserIdToSend } from '../viewer/advertiserContext.ts';
import { queries } from '../../api/endpoints.ts';

/**
 * The viewer's boards for saving `pinId` (null: a pin not made yet): all of them (the server's
 * order) and the shortlist. An ad-account viewer who is not the owner asks with `advertiser_id`.
 */
export function useBoardPicker(pinId: string | null) {
  const advertiserId = useAdvertiserIdToSend();
  return useQuery({
    ...queries.getBoardPicker({ query: { pin_id: pinId ?? undefined, advertiser_id: advertiserId } }),
  });
}

/** Names for a new board (or section) for this pin; they stay for the picker's life. */
export function useTitleSuggestions(pinId: string) {
  return useQuery({
    ...queries.listBoardTitleSuggestions({ params: { id: pinId } }),
    select: (suggestions) => suggestions.map((suggestion) => suggestion.title),
    staleTime: Infinity,
  });
}
