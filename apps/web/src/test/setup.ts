import { configure } from '@testing-library/react';

// Lazy chunks and first renders can take longer than Testing Library's 1 s default when the
// machine is busy (the suite runs beside the server tests); a find that passes waits no longer.
configure({ asyncUtilTimeout: 5000 });
