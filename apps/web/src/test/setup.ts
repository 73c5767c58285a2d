import { webcrypto } from 'node:crypto';
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { takeStubViolations } from './apiStub.ts';

// The web project runs each file in a jsdom context of its own (the vmThreads pool, decision 80),
// whose `crypto` is jsdom's: `getRandomValues` and `randomUUID` but no `subtle`. Browsers have
// Web Crypto, and so had these tests when jsdom's window was laid over Node.js's globals (the
// Altcha solver hashes with `crypto.subtle`): the same Node.js Web Crypto as before.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true, writable: true });
}

// Lazy chunks and first renders can take longer than Testing Library's 1 s default when the
// machine is busy (the suite runs beside the server tests); a find that passes waits no longer.
configure({ asyncUtilTimeout: 5000 });

// A stub that answers what the server never could fails the test that used it.
afterEach(() => {
  const violations = takeStubViolations();
  if (violations.length > 0) throw new Error(violations.join('\n'));
});
