/** Query keys of saving: the picker's boards, where a pin is saved, and board name ideas. */
export const savingKeys = {
  all: ['saving'] as const,
  /** `pinId` null: the picker for a pin not made yet (the pin builder). */
  picker: (pinId: string | null) => [...savingKeys.all, 'picker', pinId ?? 'new'] as const,
  /** The picker as asked for an ad account (`advertiser_id`), under `picker(pinId)` for refreshes. */
  pickerFor: (pinId: string | null, advertiserId: string | undefined) =>
    [...savingKeys.picker(pinId), advertiserId ?? 'self'] as const,
  savedTo: (pinId: string) => [...savingKeys.all, 'saved-to', pinId] as const,
  /** The pinnable images of the page at `link` (the success dialog's grid). */
  websiteImages: (link: string) => [...savingKeys.all, 'website-images', link] as const,
  titleSuggestions: (pinId: string) => [...savingKeys.all, 'title-suggestions', pinId] as const,
};
