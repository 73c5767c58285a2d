import { queryOptions } from '@tanstack/react-query';
import { fetchIdentities, fetchSecurity, fetchSessions } from './settingsApi.ts';

/** Query keys of the settings pages; a change refreshes only the answer it changed. */
export const settingsKeys = {
  all: ['settings'] as const,
  security: () => [...settingsKeys.all, 'security'] as const,
  sessions: () => [...settingsKeys.all, 'sessions'] as const,
  identities: () => [...settingsKeys.all, 'identities'] as const,
};

export const securityQuery = () =>
  queryOptions({ queryKey: settingsKeys.security(), queryFn: ({ signal }) => fetchSecurity(signal) });

export const sessionsQuery = () =>
  queryOptions({ queryKey: settingsKeys.sessions(), queryFn: ({ signal }) => fetchSessions(signal) });

export const identitiesQuery = () =>
  queryOptions({ queryKey: settingsKeys.identities(), queryFn: ({ signal }) => fetchIdentities(signal) });
