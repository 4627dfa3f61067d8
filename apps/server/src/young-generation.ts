/**
 * The main thread's young generation, sized for the database the server
 * uses (docs/decisions/0095). V8 sizes a heap when it creates it, so the
 * size is a command-line flag; `npm start` cannot know the database, so the
 * server starts itself again with the flag, in the same process
 * (`process.execve`: same pid, same standard streams, nothing else kept).
 */

/** Megabytes of new space the scavenger may grow to, per database. */
export const YOUNG_GENERATION_MB = {
  /**
   * A PostgreSQL server's process has memory to spare and little CPU at the
   * goal's rate: fewer scavenges, about a tenth less CPU per request.
   */
  postgres: 16,
  /**
   * PGlite's process also holds PostgreSQL's WebAssembly memory and the
   * database thread's heap: the smallest young generation that keeps the
   * old one from growing.
   */
  embedded: 4,
} as const;

/**
 * Sets V8's default rather than the semi-spaces: a worker's own
 * `resourceLimits` (the PGlite thread's) still override it.
 */
const FLAG = '--scavenger-max-new-space-capacity-mb';

/** Flags that already size the young generation: given by the operator (or a bench), they are kept. */
const SIZING_FLAGS = [FLAG, '--max-semi-space-size', '--min-semi-space-size'];

interface CurrentProcess {
  execPath: string;
  execArgv: readonly string[];
  argv: readonly string[];
  nodeOptions: string | undefined;
}

/**
 * The command that starts this server again with its database's young
 * generation, or undefined when the process already has one set.
 */
export function commandWithYoungGeneration(current: CurrentProcess, usesPostgres: boolean): string[] | undefined {
  const given = [...current.execArgv, ...(current.nodeOptions?.split(/\s+/) ?? [])];
  if (given.some((arg) => SIZING_FLAGS.some((flag) => arg === flag || arg.startsWith(`${flag}=`)))) return undefined;
  const megabytes = usesPostgres ? YOUNG_GENERATION_MB.postgres : YOUNG_GENERATION_MB.embedded;
  return [current.execPath, ...current.execArgv, `${FLAG}=${megabytes}`, ...current.argv.slice(1)];
}

/**
 * Replaces this process with the same server sized for its database; returns
 * when nothing is to be done, or where `execve` does not exist (Windows): the
 * server then runs with V8's default.
 */
export function startWithYoungGeneration(usesPostgres: boolean): void {
  const command = commandWithYoungGeneration(
    { execPath: process.execPath, execArgv: process.execArgv, argv: process.argv, nodeOptions: process.env.NODE_OPTIONS },
    usesPostgres,
  );
  if (command && process.execve) process.execve(process.execPath, command);
}
