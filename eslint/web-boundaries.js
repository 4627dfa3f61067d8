import path from 'node:path';

/**
 * The web app's layers, from the path of a file under apps/web/src: `app`
 * (the shell, which assembles everything, and `main.tsx` which mounts it),
 * `testing` (test support, which renders the whole app), one
 * `feature:<name>` per folder of `features/`, and `shared` for the rest (api,
 * components, lib, config...).
 */
function layerOf(file) {
  const match = /[\\/]apps[\\/]web[\\/]src[\\/](.+)$/.exec(file);
  if (!match) return undefined;
  const [top, second] = match[1].split(/[\\/]/);
  if (top === 'app' || /^main\.tsx?$/.test(top)) return 'app';
  if (top === 'testing') return 'testing';
  if (top === 'features' && second && second.length > 0) return `feature:${second}`;
  return 'shared';
}

/** Why `from` may not import `to`, or undefined when it may: shared → features → app, and features never import each other. */
function refusal(from, to, fromTest) {
  if (from === to || from === 'app' || from === 'testing' || to === 'shared' || to === 'testing') return undefined;
  // A test may render the assembled app (its routes, its providers) to check a feature in place.
  if (to === 'app' && fromTest) return undefined;
  if (to === 'app') return 'Seul src/app importe src/app (le shell assemble les fonctionnalités, pas l’inverse).';
  if (from === 'shared') return 'Le code partagé (src/api, src/components, src/lib…) n’importe pas une fonctionnalité.';
  return 'Une fonctionnalité n’importe pas une autre fonctionnalité (passer par src/components, src/api ou src/app).';
}

/** @type {import('eslint').Rule.RuleModule} */
const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the web app’s layers apart: shared code, features (which never import each other), the app shell.' },
    schema: [],
  },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const fromTest = /\.test\.tsx?$/.test(context.filename);
    const check = (node, specifier) => {
      // Only relative paths can reach another layer: the web app has no path aliases.
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(context.filename), specifier));
      const message = to && refusal(from, to, fromTest);
      if (message) context.report({ node, message: `${message} (« ${specifier} »)` });
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

/** The project's own lint rules. */
export const webBoundaries = { rules: { layers } };
