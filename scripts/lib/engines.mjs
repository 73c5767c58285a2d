// Which installed packages' `engines.node` leave out a Node.js version the project supports.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/**
 * The packages of `package-lock.json` with their `engines.node`: from the installed copy when it is
 * there (what runs), else from the lock (optional packages of other platforms, never installed here).
 */
export function lockedPackages(root) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const packages = [];
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    // The root is the project itself; links point at workspaces listed under their own location.
    if (location === '' || entry.link) continue;
    const manifestPath = path.join(root, location, 'package.json');
    const installed = existsSync(manifestPath);
    const manifest = installed ? JSON.parse(readFileSync(manifestPath, 'utf8')) : entry;
    packages.push({
      location,
      name: manifest.name ?? entry.name ?? location.slice(location.lastIndexOf('node_modules/') + 13),
      version: manifest.version ?? entry.version,
      node: manifest.engines?.node,
      installed,
    });
  }
  return packages;
}

/** The oldest version each alternative of `range` admits (`^20.19.0 || >=24` → 20.19.0, 24.0.0). */
function floors(range) {
  return new semver.Range(range).set.map(
    (comparators) => semver.minVersion(comparators.map((comparator) => comparator.value).join(' ')).version,
  );
}

/**
 * What is wrong with the supported range itself: it must be valid and admit the oldest promised
 * version and every tested one. Returns messages, empty when all is well.
 */
export function supportedRangeProblems(supported, { minimum, tested }) {
  if (typeof supported !== 'string' || !semver.validRange(supported)) {
    return [`package.json engines.node ${JSON.stringify(supported)} is not a valid range`];
  }
  return [minimum, ...tested]
    .filter((version) => !semver.satisfies(version, supported))
    .map((version) => `package.json engines.node "${supported}" leaves out ${version}, which is supported`);
}

/**
 * The packages whose `engines.node` does not admit every version `supported` admits, each with
 * the probe versions (the range's floors and `probes`) it leaves out. A package without
 * `engines.node` is taken to run anywhere; one whose field is not a range is a conflict.
 */
export function engineConflicts(supported, packages, probes = []) {
  const known = [...floors(supported), ...probes];
  const majors = known.map((version) => semver.major(version));
  // Each major's first release too, so a range that drops a whole line (21.x, say) names it.
  for (let major = Math.min(...majors); major <= Math.max(...majors); major += 1) known.push(`${major}.0.0`);
  const candidates = semver
    .sort([...new Set(known)])
    .filter((version) => semver.satisfies(version, supported));
  const conflicts = [];
  for (const pkg of packages) {
    if (pkg.node === undefined || pkg.node === null) continue;
    if (typeof pkg.node !== 'string' || !semver.validRange(pkg.node)) {
      conflicts.push({ ...pkg, excluded: [], invalid: true });
      continue;
    }
    if (semver.subset(supported, pkg.node)) continue;
    const excluded = candidates.filter((version) => !semver.satisfies(version, pkg.node));
    conflicts.push({ ...pkg, excluded, invalid: false });
  }
  return conflicts;
}

/** One line per conflict, e.g. `cookie@2.0.2 (node_modules/cookie) requires node ">=22": leaves out 20.19.0`. */
export function describeConflict({ name, version, location, node, excluded, invalid }) {
  const head = `${name}@${version} (${location}) requires node ${JSON.stringify(node)}`;
  if (invalid) return `${head}, which is not a valid range`;
  return excluded.length > 0
    ? `${head}: leaves out ${excluded.join(', ')}`
    : `${head}: leaves out part of the supported range`;
}
