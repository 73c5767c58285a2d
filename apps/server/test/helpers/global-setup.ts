import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTemplateDatabase, dropTemplateDatabase } from './test-database.ts';

/** Once per run of the server project: the migrated template every test file's database copies. */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinboard-template-'));
  const template = await createTemplateDatabase(dir);
  project.provide('templateDatabase', template);
  return async () => {
    await dropTemplateDatabase(template);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
