// `npm run perf:web`: the web app against its performance targets. Not a test: it prints the
// figures beside the targets and fails only when the measurement itself breaks.
//   (a) the first page's JavaScript and the CSS, gzipped, from the build (apps/web/dist), and
//       each public page's static closure (entry, route chunk, their static imports);
//   (b) every public page's JavaScript as a visitor's browser loads it until the network is idle,
//       gzipped, from the browser's own network log;
//   (c) LCP and CLS of the home page and a pin closeup;
// (b) and (c) in headless Chromium with 4x CPU slowdown and a fast-3G network, against a server it
// starts on a fresh, seeded temp data directory.
// Options: --runs=N (cold loads per viewport in (c), default 3), --base-url=URL (measure a running
// server instead of starting one; its build must be the one in apps/web/dist), --timeline (print
// when each request of the first run of (c) started and ended).
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { gzipSize, measureBundle, measurePageClosures } from './lib/bundle-size.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { FORWARDED_SIGNALS } from './lib/processes.mjs';
import { publicPages } from './lib/public-pages.mjs';
import { launchSeededServer } from './lib/seeded-server.mjs';
import { ensureWebBuild, webDir } from './lib/web-build.mjs';

const TARGETS = { firstPageJsKb: 150, pageJsKb: 150, cssKb: 30, lcpMs: 1500, cls: 0.01 };
/** The pages whose LCP and CLS are measured, by their name in lib/public-pages.mjs. */
const VITALS_PAGES = ['home', 'pin closeup'];

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
/** How long to keep watching after the network is idle, so late shifts (and the one-tap card, loaded once the page settles) count. */
const SETTLE_MS = 5_000;

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

/**
 * Collects the scripts the page loads, from the DevTools protocol's network events: each one's
 * bytes on the wire and its body gzipped at level 6, the figure the targets use.
 */
function recordScripts(cdp) {
  const scripts = [];
  const pending = new Map();
  const reading = [];
  let finished = false;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') pending.set(event.requestId, event.response.url);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const url = pending.get(event.requestId);
    // A script that arrives while the page is being closed is not part of the figures.
    if (url === undefined || finished) return;
    pending.delete(event.requestId);
    const script = { url: new URL(url).pathname, wire: event.encodedDataLength, gzip: null, idle: false };
    scripts.push(script);
    const read = cdp.send('Network.getResponseBody', { requestId: event.requestId }).then(
      ({ body, base64Encoded }) => {
        script.gzip = gzipSize(Buffer.from(body, base64Encoded ? 'base64' : 'utf8'));
      },
      (error) => {
        throw new Error(`the browser could not give the body of ${script.url}: ${error.message}`);
      },
    );
    // Reported by done(), not as an unhandled rejection in between.
    read.catch(() => {});
    reading.push(read);
  });
  return {
    /** Marks every script loaded so far as loaded before the network went idle. */
    markIdle: () => scripts.forEach((script) => (script.idle = true)),
    /** Every script so far, once their bodies are read; later ones are ignored. */
    done: async () => {
      finished = true;
      await Promise.all(reading);
      return scripts;
    },
  };
}

/** How long no request may be in flight for the network to count as idle (Playwright's figure). */
const NETWORK_IDLE_MS = 500;

/**
 * Follows the page's requests from the DevTools protocol's network events; `idle()` resolves
 * once none has been in flight for NETWORK_IDLE_MS.
 */
function watchRequests(cdp) {
  const inFlight = new Set();
  let lastChange = Date.now();
  const change = () => (lastChange = Date.now());
  cdp.on('Network.requestWillBeSent', (event) => {
    inFlight.add(event.requestId);
    change();
  });
  for (const ended of ['Network.loadingFinished', 'Network.loadingFailed']) {
    cdp.on(ended, (event) => {
      if (inFlight.delete(event.requestId)) change();
    });
  }
  return {
    idle: async (timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < NETWORK_IDLE_MS) {
        if (Date.now() > deadline) throw new Error(`the network was not idle within ${timeoutMs / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/* global requestIdleCallback -- runs in the page */
// Resolves at the page's next idle moment: the work the last responses started has run.
function pageIdle() {
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 10_000 }));
}

/**
 * One cold load of `pagePath` under throttling; resolves with its figures. With `vitals`, waits
 * for the first image in main (the likely LCP) and requires an LCP entry.
 */
async function measureLoad(browser, baseUrl, profile, pagePath, { vitals = true } = {}) {
  const { name: _name, ...contextOptions } = profile;
  const context = await browser.newContext(contextOptions);
  try {
    await context.addInitScript(installObservers);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    let bytes = 0;
    cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
    const scripts = recordScripts(cdp);
    const requests = watchRequests(cdp);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load', timeout: 120_000 });
    if (vitals) await page.locator('main img').first().waitFor({ state: 'visible', timeout: 60_000 });
    // Idle: no request in flight for 500 ms, then (with the CPU slowed, rendering what the last
    // answers brought can outlast that) an idle moment of the page and 500 ms without a request
    // again, so the page's own lazy parts count. What loads later (the one-tap card, once the
    // page has settled) is listed apart.
    await requests.idle(60_000);
    await page.evaluate(pageIdle);
    await requests.idle(60_000);
    scripts.markIdle();
    await page.waitForTimeout(SETTLE_MS);
    const figures = await page.evaluate(readVitals);
    if (vitals && figures.lcp === null) throw new Error('the browser reported no largest-contentful-paint');
    return { ...figures, bytes, scripts: await scripts.done() };
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

function printPageClosures(pages) {
  console.log(
    '  each public page, the entry script, its route chunk and their static imports (what (b) ' +
      'counts before the parts its components load lazily):',
  );
  for (const page of pages) {
    console.log(
      `    ${page.name.padEnd(16)} ${kb(page.gzip).padStart(10)} in ${String(page.files).padStart(2)} files - ` +
        `target <= ${TARGETS.pageJsKb} KB: ${verdict(page.gzip <= TARGETS.pageJsKb * 1024)}`,
    );
  }
}

function printTimeline(load) {
  console.log('    timeline of run 1 (request start -> end):');
  for (const resource of load.resources) {
    console.log(
      `      ${seconds(resource.start).padStart(7)} -> ${seconds(resource.end).padStart(7)}  ${resource.url}`,
    );
  }
}

const sum = (scripts, field) => scripts.reduce((total, script) => total + script[field], 0);

/** A page's JavaScript until the network was idle, and what came after it. */
function printPageJs(page, load) {
  const untilIdle = load.scripts.filter((script) => script.idle);
  const later = load.scripts.filter((script) => !script.idle);
  const gzip = sum(untilIdle, 'gzip');
  console.log(
    `\n  ${page.name} (${page.path}): ${kb(gzip)} gzipped in ${untilIdle.length} scripts ` +
      `(${kb(sum(untilIdle, 'wire'))} on the wire) - target <= ${TARGETS.pageJsKb} KB: ` +
      verdict(gzip <= TARGETS.pageJsKb * 1024),
  );
  for (const script of untilIdle) console.log(`    ${script.url.padEnd(48)} ${kb(script.gzip).padStart(10)}`);
  if (later.length > 0) {
    console.log(
      `    after the network was idle: ${kb(sum(later, 'gzip'))} gzipped in ${later.length} scripts ` +
        `(${later.map((script) => path.posix.basename(script.url)).join(', ')})`,
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
  printPageClosures(await measurePageClosures(path.join(webDir, 'dist')));

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
    const pages = await publicPages(baseUrl);
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    // One unthrottled load of each page first, so the server's first-request costs (JIT, cold
    // database) do not count.
    const warmUp = await browser.newPage();
    for (const page of pages) await warmUp.goto(`${baseUrl}${page.path}`, { waitUntil: 'networkidle' });
    await warmUp.close();

    const conditions =
      `headless Chromium ${browser.version()}, CPU ${CPU_SLOWDOWN}x slower, ` +
      `network "fast 3G" (${FAST_3G.latency} ms latency, ${FAST_3G.downloadThroughput / 1000} KB/s down, ` +
      `${FAST_3G.uploadThroughput / 1000} KB/s up), cache disabled`;
    const [phone] = VIEWPORTS;
    console.log(
      `\n(b) JavaScript of each public page at ${baseUrl}, one cold load as a visitor on the ` +
        `${phone.name} viewport until the network is idle (no request for 500 ms, again after ` +
        `an idle moment of the page), gzip level 6 ` +
        `of each script the browser received; ${conditions}`,
    );
    for (const page of pages) {
      printPageJs(page, await measureLoad(browser, baseUrl, phone, page.path, { vitals: false }));
    }

    console.log(`\n(c) LCP and CLS, ${conditions}, ${SETTLE_MS / 1000} s settle after the network is idle`);
    for (const page of pages.filter((candidate) => VITALS_PAGES.includes(candidate.name))) {
      for (const profile of VIEWPORTS) {
        const loads = [];
        for (let run = 0; run < runs; run++)
          loads.push(await measureLoad(browser, baseUrl, profile, page.path));
        printLoads(`${page.name} (${page.path}), ${profile.name}`, loads, values.timeline);
      }
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
