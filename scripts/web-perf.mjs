// `npm run perf:web`: the web app against issue 3's performance targets. Not a test: it prints
// the figures beside the targets and fails only when the measurement itself breaks.
//   (a) the first page's JavaScript and the CSS, gzipped, from the build (apps/web/dist);
//   (b) home feed LCP and CLS in headless Chromium with 4x CPU slowdown and a fast-3G network,
//       against a server it starts on a fresh, seeded temp data directory.
// Options: --runs=N (cold loads per viewport, default 3), --base-url=URL (measure a running
// server instead of starting one; its build must be the one in apps/web/dist), --timeline (print
// when each request of the first run started and ended).
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { measureBundle } from './lib/bundle-size.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { FORWARDED_SIGNALS } from './lib/processes.mjs';
import { launchSeededServer } from './lib/seeded-server.mjs';
import { ensureWebBuild, webDir } from './lib/web-build.mjs';

const TARGETS = { firstPageJsKb: 150, cssKb: 30, lcpMs: 2500, cls: 0.02 };

/**
 * DevTools' "Fast 3G" preset, which Lighthouse calls "slow 4G" and uses for its mobile runs:
 * 562.5 ms added per request (150 ms RTT x 3.75), 1.6 Mbps x 0.9 down, 750 kbps x 0.9 up.
 */
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1_000_000 * 0.9) / 8, // 180,000 bytes/s
  uploadThroughput: (750 * 1_000 * 0.9) / 8, // 84,375 bytes/s
};
const CPU_SLOWDOWN = 4;
/** How long to keep watching after the load event and a quiet network, so late shifts count. */
const SETTLE_MS = 3_000;

const VIEWPORTS = [
  // Lighthouse's mobile device (Moto G Power).
  { name: 'mobile 412x823', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true },
  { name: 'desktop 1350x940', viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false },
];

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];

/* global window, Element -- installObservers and readVitals run in the page */
// Runs in the page before its scripts: LCP candidates and layout shifts, as the web-vitals rules read them.
function installObservers() {
  const vitals = { lcp: null, lcpElement: null, cls: 0, shifts: [] };
  const describe = (node) => {
    if (!(node instanceof Element)) return node?.nodeName ?? 'a removed node';
    const classes = [...node.classList].map((name) => `.${name}`).join('');
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}`;
  };
  window.__vitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      vitals.lcp = entry.startTime;
      const element = entry.element;
      vitals.lcpElement = element
        ? `${element.tagName.toLowerCase()}${entry.url ? ` ${new URL(entry.url).pathname}` : ''}`
        : null;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      vitals.cls += entry.value;
      vitals.shifts.push({
        at: entry.startTime,
        value: entry.value,
        sources: entry.sources.map((source) => describe(source.node)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

function readVitals() {
  const navigation = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const resources = performance
    .getEntriesByType('resource')
    .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime, end: entry.responseEnd }));
  return {
    ...window.__vitals,
    // Throttling delays the body, not the headers, so responseEnd is when the HTML really arrived.
    html: navigation?.responseEnd ?? null,
    fcp: fcp?.startTime ?? null,
    load: navigation?.loadEventEnd ?? null,
    resources,
  };
}

/** One cold load of the home feed under throttling; resolves with its figures. */
async function measureLoad(browser, baseUrl, profile) {
  const { name: _name, ...contextOptions } = profile;
  const context = await browser.newContext(contextOptions);
  try {
    await context.addInitScript(installObservers);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    let bytes = 0;
    cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    await page.goto(`${baseUrl}/`, { waitUntil: 'load', timeout: 120_000 });
    // The feed's first pins are the likely LCP: wait until they are drawn and the network is quiet.
    await page.locator('main img').first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.waitForTimeout(SETTLE_MS);
    const vitals = await page.evaluate(readVitals);
    if (vitals.lcp === null) throw new Error('the browser reported no largest-contentful-paint');
    return { ...vitals, bytes };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
const verdict = (ok) => (ok ? 'meets' : 'MISSES');

function printBundle(bundle) {
  const { firstPageJs, firstPageCss, allCss, allJs } = bundle;
  console.log('\n(a) Bundle (apps/web/dist, gzip level 6)');
  console.log(
    `  first-page JS: ${kb(firstPageJs.gzip)} gzipped (${kb(firstPageJs.raw)} raw) ` +
      `- target <= ${TARGETS.firstPageJsKb} KB: ${verdict(firstPageJs.gzip <= TARGETS.firstPageJsKb * 1024)}`,
  );
  for (const file of firstPageJs.files)
    console.log(`    ${file.name.padEnd(40)} ${kb(file.gzip).padStart(10)}`);
  if (!bundle.homeChunk) console.log('    (no HomePage-*.js chunk found: the home route is not lazy?)');
  console.log(
    `  all CSS: ${kb(allCss.gzip)} gzipped (${kb(allCss.raw)} raw; first page ${kb(firstPageCss.gzip)}) ` +
      `- target <= ${TARGETS.cssKb} KB: ${verdict(allCss.gzip <= TARGETS.cssKb * 1024)}`,
  );
  console.log(`  all JS chunks: ${kb(allJs.gzip)} gzipped in ${allJs.files.length} files`);
}

function printTimeline(load) {
  console.log('    timeline of run 1 (request start -> end):');
  for (const resource of load.resources) {
    console.log(
      `      ${seconds(resource.start).padStart(7)} -> ${seconds(resource.end).padStart(7)}  ${resource.url}`,
    );
  }
}

function printLoads(name, loads, timeline) {
  const lcp = median(loads.map((load) => load.lcp));
  const cls = median(loads.map((load) => load.cls));
  console.log(`\n  ${name}: median of ${loads.length} cold loads`);
  console.log(
    `    LCP ${seconds(lcp)} - target <= ${TARGETS.lcpMs / 1000} s: ${verdict(lcp <= TARGETS.lcpMs)}`,
  );
  console.log(`    CLS ${cls.toFixed(4)} - target <= ${TARGETS.cls}: ${verdict(cls <= TARGETS.cls)}`);
  for (const [index, load] of loads.entries()) {
    console.log(
      `    run ${index + 1}: HTML ${seconds(load.html)}, FCP ${seconds(load.fcp)}, LCP ${seconds(load.lcp)} ` +
        `(${load.lcpElement ?? 'unknown element'}), load ${seconds(load.load)}, ` +
        `CLS ${load.cls.toFixed(4)} (${load.shifts.length} shifts), ${kb(load.bytes)} transferred`,
    );
    for (const shift of load.shifts) {
      console.log(
        `      shift ${shift.value.toFixed(4)} at ${seconds(shift.at)}: ${shift.sources.join(', ')}`,
      );
    }
  }
  if (timeline) printTimeline(loads[0]);
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      'base-url': { type: 'string' },
      timeline: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');

  await ensureWebBuild();
  printBundle(await measureBundle(path.join(webDir, 'dist')));

  const executablePath = ensureChromium();
  const server = values['base-url']
    ? null
    : await launchSeededServer({ tmpPrefix: 'pinboard-perf-', seedPins: 120 });
  let browser = null;
  for (const signal of FORWARDED_SIGNALS) {
    process.on(
      signal,
      () => void Promise.allSettled([browser?.close(), server?.stop()]).finally(() => process.exit(1)),
    );
  }
  if (server) {
    // A server that fails to start prints its own log tail.
    try {
      await server.ready;
    } catch (error) {
      await server.stop();
      throw error;
    }
  }
  try {
    const baseUrl = values['base-url'] ?? server.baseUrl;
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    // One unthrottled load first, so the server's first-request costs (JIT, cold database) do not count.
    const warmUp = await browser.newPage();
    await warmUp.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await warmUp.close();

    console.log(
      `\n(b) Home feed at ${baseUrl}/ in headless Chromium ${browser.version()}, CPU ${CPU_SLOWDOWN}x slower, ` +
        `network "fast 3G" (${FAST_3G.latency} ms latency, ${FAST_3G.downloadThroughput / 1000} KB/s down, ` +
        `${FAST_3G.uploadThroughput / 1000} KB/s up), cache disabled, ${SETTLE_MS / 1000} s settle after load`,
    );
    for (const profile of VIEWPORTS) {
      const loads = [];
      for (let run = 0; run < runs; run++) loads.push(await measureLoad(browser, baseUrl, profile));
      printLoads(profile.name, loads, values.timeline);
    }
    // The 4x slowdown is relative to this machine: a busy one inflates every figure above.
    const load = os.loadavg().map((value) => value.toFixed(1));
    console.log(`\nLoad average ${load.join(' ')} on ${os.availableParallelism()} cores.`);
  } catch (error) {
    if (server) await server.printLogTail(30);
    throw error;
  } finally {
    await browser?.close();
    await server?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`perf:web: the measurement failed: ${error.stack ?? error.message}`);
    process.exit(1);
  },
);
