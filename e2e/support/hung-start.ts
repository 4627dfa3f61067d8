import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What a server that does not answer is doing, said in the failed start's error. About one start in 25 printed
 * nothing for 110 s on CI and none of 57 starts on a developer machine did: the next one must say where it waits. The server and
 * its first-start child run with Node.js's report on SIGUSR2 (`reportOptions`); each report gives the JavaScript
 * stacks of the process and of its worker threads (PGlite's) and its libuv handles.
 */
export function reportOptions(reportDir: string): string {
  return `--report-on-signal --report-signal=SIGUSR2 --report-directory=${reportDir}`;
}

interface NodeReport {
  header?: { commandLine?: string[] };
  javascriptStack?: { message?: string; stack?: string[] };
  workers?: NodeReport[];
  libuv?: Array<{ type: string; is_active?: boolean; is_referenced?: boolean }>;
}

/** The process `pid` and every process under it, read from /proc (Linux). */
async function processTree(pid: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The fields after the command's name, which may hold spaces and parentheses: state, then the parent's pid.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent) parents.set(Number(entry), parent);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

async function stateOf(pid: number): Promise<string> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const cpuTicks = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number);
  return `état ${stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) || '?'}, CPU ${(cpuTicks[0]! + cpuTicks[1]!) / 100} s`;
}

function summary(report: NodeReport, indent: string): string {
  const stack = (report.javascriptStack?.stack ?? []).slice(0, 12).map((line) => `${indent}  ${line.trim()}`);
  // What keeps its event loop alive (Node's own unreferenced handles left out).
  const handles = (report.libuv ?? []).filter((h) => h.is_active && h.is_referenced).map((h) => h.type);
  return [
    `${indent}${report.javascriptStack?.message ?? ''}`,
    ...stack,
    `${indent}  handles actifs et référencés : ${handles.join(', ') || 'aucun'}`,
    ...(report.workers ?? []).map((worker, i) => `${indent}thread ${i + 1} :\n${summary(worker, `${indent}  `)}`),
  ].join('\n');
}

/** The report in `file`, or undefined while it is not whole yet. */
async function readReport(file: string): Promise<NodeReport | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as NodeReport;
  } catch {
    return undefined;
  }
}

/** Asks each process of the server's tree for its report and says, for each, its state, CPU time and stacks. */
export async function describeHungStart(pid: number, reportDir: string): Promise<string> {
  const pids = await processTree(pid);
  const lines: string[] = [];
  for (const each of pids) {
    lines.push(
      `processus ${each} (${await stateOf(each)}) : ${(await readFile(`/proc/${each}/cmdline`, 'utf8').catch(() => '')).replace(/\0/g, ' ')}`,
    );
    try {
      process.kill(each, 'SIGUSR2');
    } catch {
      // Gone meanwhile.
    }
  }
  // A report takes a moment to write (a file may be listed before it is whole); a process stuck outside JavaScript writes none.
  const deadline = Date.now() + 15_000;
  const reports = new Map<string, NodeReport>();
  for (;;) {
    for (const file of await readdir(reportDir).catch(() => [] as string[])) {
      if (!file.endsWith('.json') || reports.has(file)) continue;
      const report = await readReport(path.join(reportDir, file));
      if (report) reports.set(file, report);
    }
    if (reports.size >= pids.length || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  for (const [file, report] of reports)
    lines.push(`rapport ${file} (${report.header?.commandLine?.join(' ') ?? ''}) :\n${summary(report, '  ')}`);
  if (reports.size < pids.length) lines.push(`${pids.length - reports.size} processus n'ont écrit aucun rapport.`);
  lines.push(`Rapports complets dans ${reportDir}.`);
  return lines.join('\n');
}
