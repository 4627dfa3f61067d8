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

/** Flags that already size the young generation: given by the operator (or a bench), the command is kept as it is. */
const SIZING_FLAGS = [YOUNG_GENERATION, '--max-semi-space-size', '--min-semi-space-size'];

interface CurrentProcess {
  execPath: string;
  execArgv: readonly string[];
  argv: readonly string[];
  nodeOptions: string | undefined;
}

/**
 * The command that starts this server again with its database's flags, or
 * undefined when the process already has its young generation set.
 */
export function commandWithDatabaseFlags(current: CurrentProcess, usesPostgres: boolean): string[] | undefined {
  const given = [...current.execArgv, ...(current.nodeOptions?.split(/\s+/) ?? [])];
  if (given.some((arg) => SIZING_FLAGS.some((flag) => arg === flag || arg.startsWith(`${flag}=`)))) return undefined;
  const flags = usesPostgres ? V8_FLAGS.postgres : V8_FLAGS.embedded;
  return [current.execPath, ...current.execArgv, ...flags, ...current.argv.slice(1)];
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
