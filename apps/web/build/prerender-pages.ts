/**
 * After `vite build`: writes the usual first pages, `/` and `/login`, as
 * complete HTML (dist/prerendered/<page>.html) rendered by the app's own
 * components, as a visitor without a session sees them. The server sends
 * them to such visitors instead of the empty index.html, so the page paints as
 * soon as the HTML and CSS arrive instead of after the script has run (issue
 * 11: Lighthouse mobile, LCP < 2.5 s); the app then renders over the same
 * markup. Each file also preloads the code of its page, which is loaded on
 * demand otherwise.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { precompressFile } from './precompress-assets';

/** Address → the page's source (for its chunk), or null when it is in the first bundle. */
export const PRERENDERED_PAGES: Record<string, { file: string; source: string | null }> = {
  '/': { file: 'index.html', source: null },
  '/login': { file: 'login.html', source: 'src/app/routes/account/login.tsx' },
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');

/** The chunks a page loads on demand that the first bundle does not hold already. */
function pageChunks(manifest: Record<string, ManifestChunk>, source: string | null): string[] {
  if (!source) return [];
  const closure = (key: string, seen: Set<string>): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const child of manifest[key]?.imports ?? []) closure(child, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const firstBundle = closure(entry, new Set());
  if (!manifest[source]) throw new Error(`${source} n'est pas un chunk du build : la table PRERENDERED_PAGES est à jour ?`);
  return [...closure(source, new Set())].filter((key) => !firstBundle.has(key)).map((key) => `/${manifest[key]!.file}`);
}

/** React puts the hoisted title and description first: they go in the head, the rest in #root. */
function splitHoisted(markup: string): { head: string; body: string } {
  const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>)*/.exec(markup)![0];
  return { head: hoisted, body: markup.slice(hoisted.length) };
}

async function main(): Promise<void> {
  // The same build as the browser's: production React, the same VITE_* values.
  process.env.NODE_ENV = 'production';
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const vite = await createServer({
    configFile: false,
    root: webRoot,
    mode: 'production',
    plugins: [react()],
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const { renderPublicPage } = (await vite.ssrLoadModule('/src/app/prerender.tsx')) as typeof import('../src/app/prerender');
    mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
    for (const [url, page] of Object.entries(PRERENDERED_PAGES)) {
      const { head, body } = splitHoisted(await renderPublicPage(url));
      const preloads = pageChunks(manifest, page.source).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
      const replace = (html: string, from: string, to: string) => {
        if (!html.includes(from)) throw new Error(`index.html ne contient plus ${from}`);
        return html.replace(from, () => to);
      };
      let html = replace(template, '<html lang="fr">', '<html lang="fr" data-mantine-color-scheme="light">');
      html = replace(html, '<title>Notadoo</title>', head);
      html = replace(html, '</head>', `  ${preloads.join('\n    ')}\n  </head>`);
      html = replace(html, '<div id="root"></div>', `<div id="root">${body}</div>`);
      // The page paints without its script: the script comes after the HTML and CSS instead of competing with them.
      html = html.replaceAll('<script type="module" crossorigin ', '<script type="module" crossorigin fetchpriority="low" ');
      html = html.replaceAll('<link rel="modulepreload" crossorigin ', '<link rel="modulepreload" crossorigin fetchpriority="low" ');
      const file = path.join(dist, 'prerendered', page.file);
      writeFileSync(file, html);
      await precompressFile(file);
      console.log(`prérendu : ${url} → dist/prerendered/${page.file} (${(html.length / 1024).toFixed(1)} Kio)`);
    }
  } finally {
    await vite.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
