import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { endpoints } from './index.ts';
import { renderRouteTable, ROUTE_TABLE_FILE } from './route-table.ts';

test('the web client route table matches the endpoint definitions (npm run generate:api)', () => {
  const file = fileURLToPath(new URL(`../../../../${ROUTE_TABLE_FILE}`, import.meta.url));
  expect(readFileSync(file, 'utf8')).toBe(renderRouteTable(endpoints));
});

test('no two endpoints share a method and path', () => {
  const seen = new Map<string, string>();
  for (const [name, { method, path }] of Object.entries(endpoints)) {
    const key = `${method} ${path}`;
    expect(seen.get(key), `${name} and ${seen.get(key)} are both ${key}`).toBeUndefined();
    seen.set(key, name);
  }
});
