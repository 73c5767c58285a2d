import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments and documents point into docs/product/ (`docs/product/saving.md#board-picker`); each
 * such pointer must reach a page there and, when it names one, a heading of that page.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PRODUCT = 'docs/product';

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function productAnchors() {
  const pages = new Map();
  for (const name of readdirSync(path.join(root, PRODUCT)).filter((file) => file.endsWith('.md'))) {
    const text = readFileSync(path.join(root, PRODUCT, name), 'utf8');
    pages.set(name, new Set([...text.matchAll(/^#{1,6} +(.+)$/gm)].map((match) => anchorOf(match[1]))));
  }
  return pages;
}

/** The product pages a text points to, as `{ line, page, anchor }`. */
function pointers(file, text) {
  const found = [];
  const inProduct = file.startsWith(`${PRODUCT}/`);
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(
      /(?:^|[^\w./-])(?:docs\/|\.\.\/)*product\/([\w-]+\.md)(?:#([\w-]+))?/g,
    )) {
      found.push({ line: index + 1, page: match[1], anchor: match[2] ?? null });
    }
    if (inProduct) {
      for (const match of line.matchAll(/\]\(([\w-]+\.md)(?:#([\w-]+))?\)/g)) {
        found.push({ line: index + 1, page: match[1], anchor: match[2] ?? null });
      }
    }
  });
  return found;
}

describe('pointers into docs/product', () => {
  it('makes anchors as GitHub does', () => {
    expect(anchorOf('Save-success dialog')).toBe('save-success-dialog');
    expect(anchorOf('Who may do what')).toBe('who-may-do-what');
    expect(anchorOf('HTTP conventions')).toBe('http-conventions');
  });

  it('reach a page and a heading of it', () => {
    const pages = productAnchors();
    const files = execFileSync('git', ['ls-files', '-z'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .split('\0')
      .filter(Boolean);
    const problems = [];
    let count = 0;
    for (const file of files) {
      const full = path.join(root, file);
      if (!existsSync(full)) continue;
      const bytes = readFileSync(full);
      if (bytes.includes(0)) continue;
      for (const { line, page, anchor } of pointers(file, bytes.toString('utf8'))) {
        count += 1;
        const anchors = pages.get(page);
        if (!anchors) problems.push(`${file}:${line}: no page ${PRODUCT}/${page}`);
        else if (anchor && !anchors.has(anchor))
          problems.push(`${file}:${line}: no heading #${anchor} in ${page}`);
      }
    }
    expect(count).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
