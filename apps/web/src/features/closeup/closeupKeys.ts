/** Query keys of the pin closeup; `all` prefixes the rest. */
export const closeupKeys = {
  all: ['closeup'] as const,
  pin: (id: string) => [...closeupKeys.all, 'pin', id] as const,
  related: (id: string) => [...closeupKeys.all, 'related', id] as const,
};
