/** Query keys of saving: the picker's boards, where a pin is saved, and board name ideas. */
export const savingKeys = {
  all: ['saving'] as const,
  picker: (pinId: string) => [...savingKeys.all, 'picker', pinId] as const,
  savedTo: (pinId: string) => [...savingKeys.all, 'saved-to', pinId] as const,
  titleSuggestions: (pinId: string) => [...savingKeys.all, 'title-suggestions', pinId] as const,
};
