import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { takeStubViolations } from './apiStub.ts';

// Lazy chunks and first renders can take longer than Testing Library's 1 s default when the
// machine is busy (the suite runs beside the server tests); a find that passes waits no longer.
configure({ asyncUtilTimeout: 5000 });

// A stub that answers what the server never could fails the test that used it.
afterEach(() => {
  const violations = takeStubViolations();
  if (violations.length > 0) throw new Error(violations.join('\n'));
});
