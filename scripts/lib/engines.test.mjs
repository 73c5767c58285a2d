import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeConflict, engineConflicts, lockedPackages, supportedRangeProblems } from './engines.mjs';

const SUPPORTED = '^20.19.0 || ^22.13.0 || >=24';
const pkg = (name, node) => ({
  location: `node_modules/${name}`,
  name,
  version: '1.0.0',
  node,
  installed: true,
});

describe('engineConflicts', () => {
  it('passes packages whose range admits every supported version, or that name none', () => {
    const packages = [
      pkg('a', '>=18'),
      pkg('b', '^20.19.0 || ^22.12.0 || >=24.0.0'),
      pkg('c', '^18.17.0 || ^20.3.0 || >=21.0.0'),
      pkg('d', '20 || >=22'),
      pkg('e', undefined),
    ];
    expect(engineConflicts(SUPPORTED, packages, ['20.20.2', '22.23.3', '24.21.0'])).toEqual([]);
  });

  it('names the supported versions a package leaves out', () => {
    const [cookie] = engineConflicts(SUPPORTED, [pkg('cookie', '>=22')], ['20.20.2', '22.23.3', '24.21.0']);
    expect(cookie).toMatchObject({ name: 'cookie', excluded: ['20.19.0', '20.20.2'], invalid: false });
    expect(describeConflict(cookie)).toBe(
      'cookie@1.0.0 (node_modules/cookie) requires node ">=22": leaves out 20.19.0, 20.20.2',
    );
  });

  it('catches a package that stops before the newest line or starts late in one', () => {
    const conflicts = engineConflicts(SUPPORTED, [
      pkg('old', '^20.19.0 || ^22.13.0'),
      pkg('late', '^20.19.0 || ^22.14.0 || >=24'),
    ]);
    expect(conflicts.map(({ name, excluded }) => [name, excluded])).toEqual([
      ['old', ['24.0.0']],
      ['late', ['22.13.0']],
    ]);
  });

  it('treats a field that is not a range as a conflict', () => {
    const [conflict] = engineConflicts(SUPPORTED, [pkg('odd', 'node twenty')]);
    expect(describeConflict(conflict)).toBe(
      'odd@1.0.0 (node_modules/odd) requires node "node twenty", which is not a valid range',
    );
  });
});

describe('supportedRangeProblems', () => {
  it('wants the promised minimum and every tested version inside the range', () => {
    expect(supportedRangeProblems(SUPPORTED, { minimum: '20.19.0', tested: ['22.23.3', '24.21.0'] })).toEqual(
      [],
    );
    expect(supportedRangeProblems('>=22', { minimum: '20.19.0', tested: ['22.23.3'] })).toEqual([
      'package.json engines.node ">=22" leaves out 20.19.0, which is supported',
    ]);
    expect(supportedRangeProblems(undefined, { minimum: '20.19.0', tested: [] })).toHaveLength(1);
  });
});

describe('lockedPackages', () => {
  let root;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reads the installed copy when there is one and the lock otherwise, skipping the root and links', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'engines-'));
    const lock = {
      packages: {
        '': { name: 'project', engines: { node: '>=1' } },
        'node_modules/@scope/here': { version: '1.0.0', engines: { node: '>=18' } },
        'node_modules/elsewhere': { version: '2.0.0', engines: { node: '>=22' }, optional: true },
        'node_modules/workspace': { resolved: 'apps/workspace', link: true },
      },
    };
    writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify(lock));
    mkdirSync(path.join(root, 'node_modules/@scope/here'), { recursive: true });
    writeFileSync(
      path.join(root, 'node_modules/@scope/here/package.json'),
      JSON.stringify({ name: '@scope/here', version: '1.0.1', engines: { node: '>=24' } }),
    );
    expect(lockedPackages(root)).toEqual([
      {
        location: 'node_modules/@scope/here',
        name: '@scope/here',
        version: '1.0.1',
        node: '>=24',
        installed: true,
      },
      {
        location: 'node_modules/elsewhere',
        name: 'elsewhere',
        version: '2.0.0',
        node: '>=22',
        installed: false,
      },
    ]);
  });
});
