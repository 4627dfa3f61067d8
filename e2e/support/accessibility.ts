import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules the product promises (issue 13). */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

declare global {
  interface Window {
    axe?: {
      run(
        context: Document,
        options: unknown,
      ): Promise<{
        violations: {
          id: string;
          impact?: string | null;
          help: string;
          nodes: { target: unknown[]; html: string; failureSummary?: string }[];
        }[];
      }>;
    };
  }
}

/** One line per failing element, so that the test output says what to fix and where. */
function describeViolations(violations: Violation[]): string {
  return violations
    .map((v) =>
      [
        `- ${v.id} (${v.impact ?? '?'}): ${v.help}`,
        ...v.nodes.map((n) => `    ${n.target}\n      ${n.html}\n      ${n.summary.replace(/\n/g, '\n      ')}`),
      ].join('\n'),
    )
    .join('\n');
}

async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => window.axe !== undefined)) return;
  // A script tag as the brief of the harness says; a strict Content-Security-Policy may refuse an
  // inline script, so the source is then evaluated through the DevTools protocol, which no CSP governs.
  await page.addScriptTag({ content: AXE_SOURCE }).catch(() => undefined);
  if (await page.evaluate(() => window.axe === undefined)) await page.evaluate(AXE_SOURCE);
}

/**
 * Runs axe-core on the page as it is now (WCAG 2.0 to 2.2, A and AA) and
 * fails with the list of violations, naming `where` (the page and its state).
 */
export async function expectNoAccessibilityViolation(page: Page, where: string = page.url()): Promise<void> {
  await injectAxe(page);
  // Mantine's transitions (menus, modals, toasts) must have ended: a half-faded element has a false contrast.
  // A transition may start a frame or two after the element appeared, so look again until none runs.
  await page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let pass = 0; pass < 10; pass += 1) {
      await nextFrame();
      await nextFrame();
      const running = document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity && a.playState === 'running');
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
  const violations = await page.evaluate(async (tags) => {
    const result = await window.axe!.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), html: n.html.slice(0, 200), summary: n.failureSummary ?? '' })),
    }));
  }, WCAG_AA_TAGS);
  if (violations.length > 0) {
    throw new Error(`axe-core : ${violations.length} règle(s) WCAG non respectée(s) sur ${where} :\n${describeViolations(violations)}`);
  }
}
