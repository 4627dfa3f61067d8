/**
 * V8's flags for the database the server uses (docs/decisions/0095). V8
 * sizes a heap and chooses its compilers when it starts, so these are
 * command-line flags; `npm start` cannot know the database, so the server
 * starts itself again with them, in the same process (`process.execve`:
 * same pid, same standard streams, nothing else kept).
 */

/** Bounds the main thread's young generation; a worker's own `resourceLimits` (the PGlite thread's) still override it. */
const YOUNG_GENERATION = '--scavenger-max-new-space-capacity-mb';

export const V8_FLAGS = {
  /**
   * A PostgreSQL server's process has memory to spare and little CPU at the
   * goal's rate: a young generation of 16 MB, fewer scavenges, about a tenth
   * less CPU per request.
   */
  postgres: [`${YOUNG_GENERATION}=16`],
  /**
   * PGlite's process also holds PostgreSQL's WebAssembly memory and the
   * database thread's heap: the smallest young generation that keeps the
   * old one from growing, and PostgreSQL's WebAssembly left to V8's baseline
   * compiler. Its optimizing compiler took some 550 MB for a few seconds to
   * compile one of PostgreSQL's functions, and its code stays in memory; the
   * requests cost the same CPU without it.
   */
  embedded: [`${YOUNG_GENERATION}=4`, '--liftoff-only'],
} as const;

/** Flags that size the young generation another way: one of them given, the server adds no size of its own. */
const SIZING_FLAGS = [YOUNG_GENERATION, '--max-semi-space-size', '--min-semi-space-size'];

/**
 * What a flag sets, so that the operator's choice is kept: `--no-x` and
 * `--x=1` set the same as `--x`, V8 reads `_` as `-`, and every sizing
 * flag sets the young generation.
 */
function settingOf(flag: string): string {
  const name = flag
    .split('=')[0]!
    .replaceAll('_', '-')
    .replace(/^--no-/, '--');
  return SIZING_FLAGS.includes(name) ? YOUNG_GENERATION : name;
}

interface CurrentProcess {
  execPath: string;
  execArgv: readonly string[];
  argv: readonly string[];
  nodeOptions: string | undefined;
}

/**
 * The command that starts this server again with those of its database's
 * flags it lacks, or undefined when it lacks none: each one the operator
 * already set (on the command line or in NODE_OPTIONS, even to another
 * value) is kept as given, and the restarted process has them all.
 */
export function commandWithDatabaseFlags(current: CurrentProcess, usesPostgres: boolean): string[] | undefined {
  const given = new Set([...current.execArgv, ...(current.nodeOptions?.split(/\s+/) ?? [])].map(settingOf));
  const missing = (usesPostgres ? V8_FLAGS.postgres : V8_FLAGS.embedded).filter((flag) => !given.has(settingOf(flag)));
  if (missing.length === 0) return undefined;
  return [current.execPath, ...current.execArgv, ...missing, ...current.argv.slice(1)];
}

/**
 * Replaces this process with the same server and its database's flags;
 * returns when nothing is to be done, or where `execve` does not exist
 * (Windows): the server then runs with V8's defaults.
 */
export function startWithDatabaseFlags(usesPostgres: boolean): void {
  const command = commandWithDatabaseFlags(
    { execPath: process.execPath, execArgv: process.execArgv, argv: process.argv, nodeOptions: process.env.NODE_OPTIONS },
    usesPostgres,
  );
  if (command && process.execve) process.execve(process.execPath, command);
}
