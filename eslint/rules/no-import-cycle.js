/**
 * Local ESLint rule `local/no-import-cycle`: no file's imports lead back to itself, inside the
 * folders it is switched on for (mock-server/: rules and views, or two handlers, that import each
 * other cannot be understood, tested or moved one at a time).
 *
 * For the file being linted, each import into those folders (type imports, re-exports and
 * import() included) is followed through the other files' imports, read from disk with
 * TypeScript's preProcessFile (no type checking); an import from which the file can be reached
 * again is reported with the shortest way round. Files are read once per lint run and again
 * only when they change, so a whole-tree lint reads each file once.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { resolveTarget } from './import-boundaries.js';

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts'];

/** The file a source names, from the repository root ('mock-server/core/db.ts'), or null. */
export function resolveFile(source, filename, root) {
  const target = resolveTarget(source, filename, root);
  if (target.kind !== 'folder') return null;
  const base = path.join(root, target.file);
  // An alias names its extension in package.json ("#mock/*": "./mock-server/*.ts").
  const candidates = source.startsWith('#') ? [...EXTENSIONS.map((e) => base + e), base.replace(/\.ts$/, '') + '.ts'] : EXTENSIONS.map((e) => base + e);
  for (const candidate of candidates) {
    try {
      if (statSync(candidate).isFile()) return path.relative(root, candidate).split(path.sep).join('/');
    } catch {
      // not this one
    }
  }
  return null;
}

/** root -> (file -> { mtime, imports }) */
const graphs = new Map();

/** The files (inside `folders`) that `file` imports, read from disk. */
function importsOf(file, root, folders) {
  let graph = graphs.get(root);
  if (!graph) graphs.set(root, (graph = new Map()));
  const absolute = path.join(root, file);
  let mtime;
  try {
    mtime = statSync(absolute).mtimeMs;
  } catch {
    return [];
  }
  const known = graph.get(file);
  if (known && known.mtime === mtime) return known.imports;
  const info = ts.preProcessFile(readFileSync(absolute, 'utf8'), true, true);
  const imports = info.importedFiles.map((i) => resolveFile(i.fileName, absolute, root)).filter((f) => f !== null && folders.includes(f.split('/')[0]));
  graph.set(file, { mtime, imports });
  return imports;
}

/** The shortest chain of imports from `start` back to `target` (both included), or null. */
function wayBack(start, target, root, folders) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file, root, folders)) {
      if (next === target) {
        const chain = [target];
        for (let at = file; at !== null; at = previous.get(at)) chain.unshift(at);
        return chain;
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles inside the given folders' },
    schema: [
      {
        type: 'object',
        properties: {
          folders: { type: 'array', items: { type: 'string' } },
          root: { type: 'string', description: 'Repository root (default: two levels above this file)' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'no-import-cycle: this import leads back to this file: {{chain}}. Move what both sides need into a lower layer (docs: the layers in eslint/rules/import-boundaries.js).',
    },
  },

  create(context) {
    const root = path.resolve(context.options[0]?.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..'));
    const folders = context.options[0]?.folders ?? ['mock-server'];
    const filename = context.physicalFilename ?? context.filename;
    if (!path.isAbsolute(filename)) return {};
    const self = path.relative(root, filename).split(path.sep).join('/');
    if (!folders.includes(self.split('/')[0])) return {};

    function check(sourceNode) {
      if (sourceNode?.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      const imported = resolveFile(sourceNode.value, filename, root);
      if (!imported || !folders.includes(imported.split('/')[0])) return;
      const chain = imported === self ? [self, self] : wayBack(imported, self, root, folders);
      if (chain) context.report({ node: sourceNode, messageId: 'cycle', data: { chain: [self, ...chain.slice(imported === self ? 1 : 0)].join(' → ') } });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
