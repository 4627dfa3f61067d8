/**
 * `npm run bench:web`: builds the web app, then prints what a first visit to
 * the entry pages downloads (JavaScript and CSS, as the brotli files the
 * server sends) and what each page loaded on demand adds, against the budgets
 * of issue 11: a first visit to `/` ≤ 150 Kio of JavaScript and ≤ 30 Kio of
 * CSS, each page's own chunk ≤ 60 Kio (what it adds in all, shared chunks
 * included, is printed beside it). Exits 1 when a budget is exceeded.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readManifest } from './manifest';

const KB = 1024;
const BUDGETS = { firstVisitJs: 150 * KB, firstVisitCss: 30 * KB, routeChunk: 60 * KB };

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = readManifest(dist);

/** The bytes a browser accepting brotli receives for a built file. */
function sentBytes(file: string): number {
  const full = path.join(dist, file);
  return existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size;
}

/** A chunk and everything it imports statically (what loads before it runs). */
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

function measure(keys: Set<string>): { js: number; css: number } {
  let js = 0;
  const cssFiles = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    js += sentBytes(chunk.file);
    for (const file of chunk.css ?? []) cssFiles.add(file);
  }
  let css = 0;
  for (const file of cssFiles) css += sentBytes(file);
  return { js, css };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} Kio`;
const failures: string[] = [];
const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const firstVisit = closure([entry]);
const home = measure(firstVisit);
console.log('Web : octets envoyés (brotli)');
console.log(`  première visite de /     JavaScript ${kb(home.js).padStart(10)}   CSS ${kb(home.css).padStart(9)}`);
if (home.js > BUDGETS.firstVisitJs) failures.push(`/ : JavaScript ${kb(home.js)} > ${kb(BUDGETS.firstVisitJs)}`);
if (home.css > BUDGETS.firstVisitCss) failures.push(`/ : CSS ${kb(home.css)} > ${kb(BUDGETS.firstVisitCss)}`);

// What each page loaded on demand adds to what the first visit loaded.
const pages = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isDynamicEntry)
  .map(([key, chunk]) => {
    const added = new Set([...closure([key])].filter((k) => !firstVisit.has(k)));
    return { name: chunk.src ?? chunk.file, own: sentBytes(chunk.file), added: measure(added).js };
  })
  .sort((a, b) => b.own - a.own);
console.log('  pages chargées à la demande, les plus lourdes : leur chunk (et tout ce qu’elles ajoutent à la première visite)');
for (const page of pages.slice(0, 8)) console.log(`    ${kb(page.own).padStart(10)} (${kb(page.added).padStart(10)})  ${page.name}`);
for (const page of pages) if (page.own > BUDGETS.routeChunk) failures.push(`${page.name} : ${kb(page.own)} > ${kb(BUDGETS.routeChunk)}`);

if (failures.length > 0) {
  console.error(`Budgets dépassés :\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
} else {
  console.log('Budgets respectés : première visite ≤ 150 Kio de JavaScript et ≤ 30 Kio de CSS, chunk de chaque page ≤ 60 Kio.');
}
