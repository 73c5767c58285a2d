import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';

/** A Content-Security-Policy violation a page of ours reported, or Chromium logged. */
export interface CspViolation {
  documentUrl: string;
  directive: string;
  blocked: string;
  sample: string;
}

declare global {
  interface Window {
    __pinboardCspViolation?: (violation: CspViolation) => void;
  }
}

/**
 * Collects every CSP violation in the context's pages and popups: the `securitypolicyviolation`
 * event each document fires (listened to by an init script, which the page's policy does not
 * govern) and Chromium's console line for it.
 */
async function watchCsp(context: BrowserContext, violations: CspViolation[]): Promise<void> {
  await context.exposeBinding('__pinboardCspViolation', (_source, violation: CspViolation) => {
    violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__pinboardCspViolation?.({
        documentUrl: event.documentURI,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: `${event.sample} (${event.sourceFile}:${event.lineNumber})`,
      });
    });
  });
  context.on('console', (message) => {
    if (!/Content.Security.Policy/i.test(message.text())) return;
    violations.push({
      documentUrl: message.page()?.url() ?? message.location().url,
      directive: 'console',
      blocked: '',
      sample: message.text(),
    });
  });
}

/**
 * Playwright's `test` for every spec: besides what it checks itself, each test fails when a page
 * of ours (the server's origin) broke its Content-Security-Policy, in the default context, its
 * popups, and the contexts the test makes with `browser.newContext()`. Other sites' pages (the
 * bookmarklet's strict-CSP shop) may break theirs.
 */
export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ context, browser, baseURL }, use) => {
      const origin = new URL(baseURL!).origin;
      const violations: CspViolation[] = [];
      await watchCsp(context, violations);
      const newContext = browser.newContext.bind(browser);
      const watched: Browser['newContext'] = async (options) => {
        const made = await newContext(options);
        await watchCsp(made, violations);
        return made;
      };
      browser.newContext = watched;
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      const ours = violations.filter((violation) => violation.documentUrl.startsWith(origin));
      expect(ours, `Content-Security-Policy violations on ${origin} pages`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
