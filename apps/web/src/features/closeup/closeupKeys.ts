/** Query keys of the pin closeup; `all` prefixes the rest. */
export const closeupKeys = {
  all: ['closeup'] as const,
  related: (id: string) => [...closeupKeys.all, 'related', id] as const,
};
