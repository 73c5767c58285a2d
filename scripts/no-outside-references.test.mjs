import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The outside documents' names, only ever written in pieces: this file cites none of them either. */
const joined = (...pieces) => pieces.join('');
const designNotes = joined('DES', 'IGN');
const styleNotes = joined('STY', 'LE');
const besideFolder = joined('sha', 'red');
const specFolder = joined(besideFolder, '/sp', 'ec');
const parentDir = joined('.', '.', '/');
const spec = joined('sp', 'ec');
const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The repository explains itself: no file points at a document outside it. What the product does
 * is in docs/product/, why it is built so in docs/decisions/. These patterns catch citations of
 * the working notes the project started from.
 */
const OUTSIDE = [
  { name: 'a numbered spec', pattern: /\b[Ss]pec(?:ification)?s? +(?:sections? +|§ *)?\d/ },
  { name: 'a § citation', pattern: /§/ },
  { name: 'the design notes', pattern: new RegExp(`\\b${designNotes}(?:\\.md| section)\\b`) },
  { name: 'the style notes', pattern: new RegExp(`\\b${styleNotes}\\.md\\b`) },
  {
    name: 'a folder beside the repository',
    pattern: new RegExp(`(?:^|[^\\w./-])${escaped(parentDir)}${besideFolder}\\b`),
  },
  { name: 'the spec folder', pattern: new RegExp(`\\b${escaped(specFolder)}\\b`) },
  { name: 'the spec', pattern: /\b[Tt]he spec(?:'s)?(?![.\w])/ },
];

/** Every outside reference in a text, as `line: what` (1-based lines). */
function outsideReferences(text) {
  const found = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    for (const { name, pattern } of OUTSIDE) {
      if (pattern.test(line)) found.push(`${index + 1}: ${name}: ${line.trim().slice(0, 120)}`);
    }
    // A citation wrapped after 'spec': the next line, past a comment's marker, goes on with its number.
    const next = (lines[index + 1] ?? '').replace(/^\s*(?:\*|\/\/|#|-)?\s*/, '');
    if (/\b[Ss]pec(?:ification)?s?$/.test(line.trimEnd()) && /^(?:sections? +|§ *)?\d/.test(next)) {
      found.push(`${index + 1}: a numbered spec: ${line.trim().slice(0, 120)}`);
    }
  });
  return found;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = path.relative(root, fileURLToPath(import.meta.url));

describe('outside references', () => {
  it('finds citations of documents outside the repository', () => {
    const cited = [
      `// ${spec} 1 section 7: the calls`,
      `/** S${spec.slice(1)} 3 §9: more is wanted */`,
      `(${spec} 3 §2.8)`,
      `see ${designNotes}.md section 4`,
      `the ${designNotes} section 5 stand-ins`,
      `as ${styleNotes}.md says`,
      `in ${parentDir}${specFolder}/part-1.md`,
      `the documents in ${specFolder}`,
      `the ${spec}'s banner`,
      `${spec}ification 2 gives`,
      `the consents of ${spec} section 4`,
      `under the owner (${spec}\n3: "Secret boards never appear")`,
      ` * the code (${spec}\n * 2 section 8)`,
    ];
    for (const line of cited) expect(outsideReferences(line).length, line).toBeGreaterThan(0);
  });

  it('leaves ordinary words and the repository’s own paths alone', () => {
    const fine = [
      'a specific rule; inspect 3 answers; respect 2 of them',
      'e2e/offsite.spec.ts and apps/web/a.spec.ts',
      'packages/shared/src/errors.ts and @pinboard/shared/settings',
      "import { x } from '@pinboard/shared';",
      'docs/product/accounts.md#messages',
      'the 2:3 aspect ratio; section 4 of this page',
      'the product’s words; the spec.keys of a SortSpec',
    ];
    for (const line of fine) expect(outsideReferences(line), line).toEqual([]);
  });

  it('no tracked file refers to a document outside the repository', () => {
    const files = execFileSync('git', ['ls-files', '-z'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .split('\0')
      .filter((file) => file && file !== self);
    const problems = [];
    for (const file of files) {
      const full = path.join(root, file);
      if (!existsSync(full)) continue; // deleted in the work tree, not yet committed
      const bytes = readFileSync(full);
      if (bytes.includes(0)) continue; // binary
      for (const found of outsideReferences(bytes.toString('utf8'))) problems.push(`${file}:${found}`);
    }
    expect(problems).toEqual([]);
  });
});
