/**
 * Builds the page into web/dist only when its sources changed since the last build. `npm start` and every e2e file
 * call this: a Vite build is most of a 5 s start, and the sources rarely change between two starts.
 *
 * The fingerprint covers every file under web/src, web/index.html, the Vite config and package-lock.json (a new
 * Vite or dependency version builds anew). It is written into web/dist after a successful build, so an interrupted
 * build is never taken for a finished one.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = path.join(REPO_ROOT, 'web/dist');
const FINGERPRINT_FILE = path.join(DIST, '.sources-sha256');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** One hash over the page's inputs: their paths (a rename counts) and their bytes. */
export function sourcesFingerprint(root: string = REPO_ROOT): string {
  const inputs = [
    ...filesUnder(path.join(root, 'web/src')),
    ...['web/index.html', 'web/vite.config.ts', 'package-lock.json'].map((file) => path.join(root, file)),
  ]
    .filter((file) => existsSync(file))
    .sort();
  const hash = createHash('sha256');
  for (const file of inputs) hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** Runs the Vite build unless web/dist already holds a build of these exact sources. Returns whether it built. */
export function buildWebIfChanged(): boolean {
  const fingerprint = sourcesFingerprint();
  const built = existsSync(path.join(DIST, 'index.html')) && existsSync(FINGERPRINT_FILE) && readFileSync(FINGERPRINT_FILE, 'utf8') === fingerprint;
  if (built) return false;
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  writeFileSync(FINGERPRINT_FILE, fingerprint);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(buildWebIfChanged() ? 'web/dist built' : 'web/dist is up to date with web/src');
}
