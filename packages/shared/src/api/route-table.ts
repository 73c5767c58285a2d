import type { EndpointDefinition } from './endpoint.ts';

export const ROUTE_TABLE_FILE = 'apps/web/src/api/endpoints.gen.ts';

/**
 * The web client's table of every endpoint's method and path, as TypeScript source. The web
 * app reads it instead of the definitions themselves, which would bring zod into the browser;
 * `npm run generate:api` writes it and a test fails when it is out of date.
 */
export function renderRouteTable(definitions: Record<string, EndpointDefinition>): string {
  const rows = Object.entries(definitions)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([name, { method, path, stream }]) =>
        `  ${name}: { method: '${method}', path: '${path}'${stream ? `, stream: '${stream}'` : ''} },`,
    );
  return [
    '// Written by `npm run generate:api` from the endpoint definitions in packages/shared/src/api.',
    '// Do not edit: change a definition and run it again.',
    'export const endpointRoutes = {',
    ...rows,
    '} as const;',
    '',
  ].join('\n');
}
