/**
 * After `vite build`: writes the usual first pages, `/` and `/login`, as
 * complete HTML (dist/prerendered/<page>.html) rendered by the app's own
 * components, as a visitor without a session sees them. The server sends
 * them to such visitors instead of the empty index.html, so the page paints as
 * soon as the HTML and CSS arrive instead of after the script has run (issue
 * 11: Lighthouse mobile, LCP < 2.5 s); the app then renders over the same
 * markup (hydration). The app's code is fetched once the page has painted
 * (public/boot-after-paint.js).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { precompressFile } from './precompress-assets';
import { readManifest, REACT_CHUNK } from './manifest';

/** Address → the file written for it. */
export const PRERENDERED_PAGES: Record<string, string> = { '/': 'index.html', '/login': 'login.html' };

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');

/** React puts the hoisted title and description first: they go in the head, the rest in #root. */
function splitHoisted(markup: string): { head: string; body: string } {
  const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>)*/.exec(markup)![0];
  return { head: hoisted, body: markup.slice(hoisted.length) };
}

/** The address of the chunk holding React (vite.config.ts puts it apart). */
function findReactChunk(): string {
  const chunk = Object.values(readManifest(dist)).find((entry) => entry.name === REACT_CHUNK);
  if (!chunk) throw new Error('le manifeste du build ne contient plus le chunk de React');
  return `/${chunk.file}`;
}

async function main(): Promise<void> {
  // The same build as the browser's: production React, the same VITE_* values.
  process.env.NODE_ENV = 'production';
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const reactChunk = findReactChunk();
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
    for (const [url, fileName] of Object.entries(PRERENDERED_PAGES)) {
      const { head, body } = splitHoisted(await renderPublicPage(url));
      const replace = (html: string, from: string, to: string) => {
        if (!html.includes(from)) throw new Error(`index.html ne contient plus ${from}`);
        return html.replace(from, () => to);
      };
      // The app's script is fetched by boot-after-paint.js, and the chunks it imports with it; React first.
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?\s*/.exec(template);
      if (!entry) throw new Error('index.html ne contient plus le script du build');
      let html = template.replace(/<link rel="modulepreload" crossorigin href="[^"]+">\n?\s*/g, '');
      const boot = `<script defer src="/boot-after-paint.js" data-react="${reactChunk}" data-entry="${entry[1]}"></script>`;
      html = replace(html, entry[0], `${boot}\n    `);
      html = replace(html, '<html lang="fr">', '<html lang="fr" data-mantine-color-scheme="light">');
      html = replace(html, '<title>Notadoo</title>', head);
      html = replace(html, '<div id="root"></div>', `<div id="root">${body}</div>`);
      const file = path.join(dist, 'prerendered', fileName);
      writeFileSync(file, html);
      await precompressFile(file);
      console.log(`prérendu : ${url} → dist/prerendered/${fileName} (${(html.length / 1024).toFixed(1)} Kio)`);
    }
  } finally {
    await vite.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
