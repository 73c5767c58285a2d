import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/MAP.md names files and folders in backticks, and only those: each must be a path of the
 * repository, relative to its root, as it is now. A file moves and the map says so at once.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAP = 'docs/MAP.md';

/** Every backticked span of a Markdown text outside fenced blocks, with its line (1-based). */
function backticked(text) {
  const spans = [];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const match of line.matchAll(/`([^`]+)`/g)) spans.push({ line: index + 1, text: match[1] });
  });
  return spans;
}

/** Why a span is not a path of the repository, or null when it is one. */
function problemOf(span, tracked, folders) {
  const text = span.text;
  if (/[*?[\]{}]/.test(text)) return 'a glob; name the file or its folder';
  if (text !== text.trim() || /\s/.test(text)) return 'not a path (spaces)';
  if (text.startsWith('/') || text.startsWith('./') || text.split('/').includes('..')) {
    return 'not relative to the repository root';
  }
  const normal = text.replace(/\/$/, '');
  if (tracked.has(normal) || folders.has(normal)) return null;
  return 'no such file or folder in the repository';
}

function repositoryPaths() {
  const files = execFileSync('git', ['ls-files', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter(Boolean);
  const tracked = new Set(files);
  const folders = new Set();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  return { tracked, folders };
}

describe('docs/MAP.md', () => {
  const { tracked, folders } = repositoryPaths();

  it('tells a path from a glob, a command and a missing file', () => {
    const check = (text) => problemOf({ line: 1, text }, tracked, folders);
    expect(check('docs/MAP.md')).toBeNull();
    expect(check('apps/server/src/modules')).toBeNull();
    expect(check('apps/server/src/modules/')).toBeNull();
    expect(check('apps/server/src/modules/*.ts')).toMatch(/glob/);
    expect(check('GET /v3/pins/')).toMatch(/not a path/);
    expect(check('/work/docs/MAP.md')).toMatch(/not relative/);
    expect(check('../docs/MAP.md')).toMatch(/not relative/);
    expect(check('apps/server/src/no-such-file.ts')).toMatch(/no such file/);
  });

  it('names only files and folders that exist', () => {
    const spans = backticked(readFileSync(path.join(root, MAP), 'utf8'));
    expect(spans.length).toBeGreaterThan(100);
    const problems = spans
      .map((span) => ({ span, problem: problemOf(span, tracked, folders) }))
      .filter(({ problem }) => problem)
      .map(({ span, problem }) => `${MAP}:${span.line}: \`${span.text}\`: ${problem}`);
    expect(problems).toEqual([]);
  });
});
