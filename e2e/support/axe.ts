import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Result } from 'axe-core';

/** The impacts the issue forbids; minor and moderate ones are reported by axe but tolerated. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

function describeViolations(pageName: string, violations: Result[]): string {
  const lines = [`${violations.length} serious or critical axe violation(s) on the ${pageName} page:`];
  for (const violation of violations) {
    lines.push(`- [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`);
    for (const node of violation.nodes) {
      lines.push(`    at ${node.target.join(' ')}`);
      lines.push(`      ${node.html.slice(0, 200)}`);
      const summary = node.failureSummary?.split('\n').join('\n      ');
      if (summary) lines.push(`      ${summary}`);
    }
  }
  return lines.join('\n');
}

/**
 * Runs axe-core on the page as it is now and fails (softly, so one run reports every page)
 * on violations of serious or critical impact, listing each rule and the elements it flags.
 */
export async function expectNoSeriousAxeViolations(page: Page, pageName: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  const tolerated = results.violations.filter((violation) => !blocking.includes(violation));
  if (tolerated.length > 0) {
    const list = tolerated.map(
      (violation) => `${violation.id} (${violation.impact}, ${violation.nodes.length}x)`,
    );
    console.log(`axe on the ${pageName} page, tolerated: ${list.join(', ')}`);
  }
  expect
    .soft(
      blocking.map((violation) => violation.id),
      describeViolations(pageName, blocking),
    )
    .toEqual([]);
}
