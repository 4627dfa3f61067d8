/**
 * After `vite build`: writes the usual first pages, `/` and `/login`, as
 * complete HTML (dist/prerendered/<page>.html) rendered by the app's own
 * components, as a visitor without a session sees them. The server sends
 * them to such visitors instead of the empty index.html, so the page paints as
 * soon as the HTML and CSS arrive instead of after the script has run (issue
 * 11: Lighthouse mobile, LCP < 2.5 s); the app then renders over the same
 * markup. The app's code is fetched once the page has painted
 * (public/boot-after-paint.js), the code of the page itself with it, rather
 * than on demand.
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
      const replace = (html: string, from: string | RegExp, to: string) => {
        if (!(typeof from === 'string' ? html.includes(from) : from.test(html))) throw new Error(`index.html ne contient plus ${from}`);
        return html.replace(from, () => to);
      };
      // The app's script and the chunks it imports are fetched by boot-after-paint.js once the page has painted.
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?\s*/.exec(template);
      if (!entry) throw new Error("index.html ne contient plus le script du build");
      const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">\n?\s*/g;
      const chunks = [...[...template.matchAll(modulePreload)].map((match) => match[1]!), ...pageChunks(manifest, page.source)];
      let html = template.replace(modulePreload, '');
      html = replace(html, entry[0], `<script defer src="/boot-after-paint.js" data-entry="${entry[1]}" data-preload="${chunks.join(' ')}"></script>\n    `);
      html = replace(html, '<html lang="fr">', '<html lang="fr" data-mantine-color-scheme="light">');
      html = replace(html, '<title>Notadoo</title>', head);
      html = replace(html, '<div id="root"></div>', `<div id="root">${body}</div>`);
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
