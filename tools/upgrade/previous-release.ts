import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The release a rolling upgrade starts from, as this clone's git history has it: the commit
 * src/platform/db/migrations/releases.json records for it, its sources unpacked with `git archive`
 * (no worktree registered in the clone) and run on this checkout's node_modules.
 */

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Releases {
  rolling_upgrade_from: string;
  releases: Record<string, string>;
  commits: Record<string, string>;
}

export const RELEASES = JSON.parse(
  fs.readFileSync(path.join(REPO_ROOT, 'src/platform/db/migrations/releases.json'), 'utf8'),
) as Releases;

/** The newest release releases.json has a commit for: the one this build upgrades from. */
export function previousRelease(): { version: string; commit: string; lastMigration: string } {
  const version = Object.keys(RELEASES.commits)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .at(-1)!;
  return { version, commit: RELEASES.commits[version]!, lastMigration: RELEASES.releases[version]! };
}

/** Why the previous release cannot be built here, or null. */
export function previousReleaseMissing(): string | null {
  const { version, commit } = previousRelease();
  const found = spawnSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: REPO_ROOT }).status === 0;
  return found ? null : `release ${version}'s commit ${commit.slice(0, 12)} is not in this clone's history`;
}

/**
 * Unpacks the previous release into `dir` (empty) and links this checkout's node_modules into it
 * (its dependencies must be a subset of these, by name: checked); the path of its CLI. Its CLI
 * compiles its sources into its dist/ on first use.
 */
export function checkoutPreviousRelease(dir: string): string {
  const { version, commit } = previousRelease();
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C '${dir}'`], { cwd: REPO_ROOT });
  const modules = fs.realpathSync(path.join(REPO_ROOT, 'node_modules'));
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  const missing = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
    (name) => !fs.existsSync(path.join(modules, name)),
  );
  if (missing.length > 0) throw new Error(`release ${version} needs packages not installed here: ${missing.join(', ')}`);
  fs.symlinkSync(modules, path.join(dir, 'node_modules'));
  return path.join(dir, 'bin', 'flightagg.js');
}
