import { periodicTask, type PeriodicTask } from './periodic-task';

/**
 * glibc's malloc gives freed memory back to the system only from the top of
 * its heaps, and by default gives each thread that allocates an arena of its
 * own: what is freed below a chunk still in use stays in the process, once per
 * arena. A server frees buffers of every size all day (request bodies,
 * compressed answers, rows crossing from the embedded database's thread), and
 * those holes grew its resident memory by 30 to 50 MB at 200 requests/s on
 * PGlite (docs/decisions/0092). So, where glibc is the C library:
 * - at start, two arenas at most, and blocks of 128 KiB or more mapped on
 *   their own (given back when freed) rather than carved from a heap, with the
 *   heap's top given back past 128 KiB (glibc raises both thresholds as it
 *   goes by default);
 * - every few seconds, `malloc_trim(0)`, which hands back every free page of
 *   every arena, as Ruby does after its collections.
 * The calls go through koffi's prebuilt binary, loaded only on Linux.
 */
const FREED_MEMORY_RELEASE_INTERVAL_MS = 5_000;

/** mallopt's parameters (glibc's malloc.h). */
const M_TRIM_THRESHOLD = -1;
const M_MMAP_THRESHOLD = -3;
const M_ARENA_MAX = -8;
const THRESHOLD_BYTES = 128 * 1024;
const ARENAS = 2;

/** Sets malloc's thresholds and arenas; answers `malloc_trim`. Undefined where glibc is not the C library (macOS, Windows, musl). */
async function tuneMalloc(): Promise<((pad: number) => number) | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    const { default: koffi } = await import('koffi');
    // musl has no libc.so.6: the load fails there and nothing is done.
    const libc = koffi.load('libc.so.6');
    const mallopt = libc.func('int mallopt(int param, int value)') as (param: number, value: number) => number;
    mallopt(M_ARENA_MAX, ARENAS);
    mallopt(M_MMAP_THRESHOLD, THRESHOLD_BYTES);
    mallopt(M_TRIM_THRESHOLD, THRESHOLD_BYTES);
    return libc.func('int malloc_trim(size_t pad)') as (pad: number) => number;
  } catch {
    return undefined;
  }
}

/** What runs where there is no glibc: nothing, and no timer. */
const NOTHING_TO_RELEASE: PeriodicTask = { start: () => undefined, stop: async () => undefined };

/**
 * Tunes malloc now (call it before the threads that allocate are started) and
 * answers the task that gives the freed memory back every `intervalMs`.
 */
export async function freedMemoryRelease(intervalMs = FREED_MEMORY_RELEASE_INTERVAL_MS): Promise<PeriodicTask> {
  const mallocTrim = await tuneMalloc();
  if (!mallocTrim) return NOTHING_TO_RELEASE;
  return periodicTask(
    async () => {
      mallocTrim(0);
    },
    intervalMs,
    () => undefined,
  );
}
