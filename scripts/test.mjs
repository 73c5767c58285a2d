// `npm test`: every check, one after the other, stopping at the first that fails, and then how
// long each took (CI has a time budget; this is where it goes). `npm run <step>` runs one alone.
import { spawnSync } from 'node:child_process';

const STEPS = ['typecheck', 'lint', 'check:engines', 'test:unit', 'test:node', 'test:pg', 'test:e2e'];

const times = [];
let failed = null;
for (const step of STEPS) {
  const started = performance.now();
  const result = spawnSync('npm', ['run', '--silent', step], { stdio: 'inherit' });
  times.push({ step, seconds: (performance.now() - started) / 1000 });
  if (result.status !== 0) {
    failed = { step, status: result.status ?? 1 };
    break;
  }
}

const total = times.reduce((sum, { seconds }) => sum + seconds, 0);
console.log(
  `\n[test] ${times.map(({ step, seconds }) => `${step} ${seconds.toFixed(0)} s`).join(', ')}; ` +
    `${(total / 60).toFixed(1)} min in all${failed ? `; ${failed.step} failed (exit ${failed.status})` : ''}`,
);
process.exit(failed ? failed.status : 0);
