/**
 * Local ESLint rule `local/import-boundaries`: which top-level folder may import which.
 *
 * Every import source (import / export ... from / import() / require() / import.meta.glob /
 * TypeScript `import('x')` types) is resolved to a target:
 *   - relative ('./', '../') and root-relative ('/src/...', Vite style) paths -> absolute path
 *     -> top-level folder of the repository;
 *   - package.json "imports" aliases, read from package.json itself: #contract/* -> contract,
 *     #fixtures/* -> fixtures, #mock/* -> mock-server, #src/* -> src;
 *   - anything else is a package, identified by its name ('@scope/name' or 'name').
 *
 * Policy (folders not listed here, and stories/, may import anything):
 *   contract/     contract/ and the package zod, nothing else
 *   fixtures/     contract/, fixtures/, packages
 *   mock-server/  contract/, fixtures/, mock-server/, packages (never src/)
 *   src/          src/, contract/, packages except the mock-only msw, @msw/data,
 *                 @faker-js/faker; never fixtures/ or mock-server/. Exception: the single
 *                 start-up module src/app/start-mock.ts may load mock-server/ (and the
 *                 mock-only packages) through a dynamic import() only, so the mock backend
 *                 stays out of the entry chunk.
 *   e2e/          contract/, fixtures/, e2e/, mock-server/ files by path, packages; never src/
 *
 * Inside src/, layers (docs/decisions/013-layers-inside-src.md), each importing only itself and
 * what lies below it:
 *   server → app (and main.tsx) → features → components → lib → stores    (styles/: CSS, for all)
 *   - a feature imports only its own folder (features/<name>/), never another feature: what
 *     several features use lives in components/ or lib/;
 *   - src/test/ (the component-test harness) renders the whole app, so it may import any layer;
 *     test files follow the layer of their folder.
 *
 * Inside mock-server/, layers too, each importing only itself and what lies below it:
 *   (its root files: the hosts, browser.ts, node.ts, serve.ts, testing.ts …) → http → ui →
 *   control → handlers → views → rules → core
 *   http/ is the standalone server, ui/ the panel and login page, control/ QA's operations and
 *   snapshots, handlers/ the answers per domain, views/ rows as the contract shows them, rules/
 *   the domain's rules, core/ the state, tables, clock and the adapter. Test files (*.test.*)
 *   drive the assembled mock and may import any layer.
 *
 * Test code never reaches a bundle, so it gets two allowances (and one guard):
 *   - test files (*.test.* / *.spec.*) anywhere may also import vitest and fast-check;
 *   - test code in src/ (its *.test.* files and src/test/**) may use the mock-only packages,
 *     fixtures/ and mock-server/: component tests render pages against the mock backend;
 *   - application code in src/ may not import src/test/**, so none of that reaches the app.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DEFAULT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * package.json "imports" as [prefix, folder]: `"#src/*": "./src/*"` -> ['#src/', 'src']. Read
 * from the file, so an alias is declared once.
 */
const ALIASES = Object.entries(JSON.parse(readFileSync(path.join(DEFAULT_ROOT, 'package.json'), 'utf8')).imports ?? {}).map(([key, target]) => [
  key.replace(/\*$/, ''),
  String(target).replace(/^\.\//, '').split('/')[0],
]);
const ALIAS_NAMES = ALIASES.map(([prefix]) => `${prefix}*`).join(', ');

const MOCK_ONLY_PACKAGES = ['msw', '@msw/data', '@faker-js/faker'];
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;
// Test files may use the test runner and the property-testing library, never shipped code.
const isTestPackage = (name) => name === 'vitest' || name === 'fast-check';
const START_MOCK_FILE = 'src/app/start-mock.ts';

const anyPackage = () => true;

/** The layers inside src/, top first; a layer may import itself and the layers after it. */
const LAYERS = ['server', 'app', 'features', 'components', 'lib', 'stores'];

/**
 * The layer of a path inside src/ ('src/features/home/x.tsx' -> { layer: 'features', feature: 'home' }),
 * or null for what has none (src/env.d.ts). styles/ is CSS any layer may use; test/ is the harness.
 */
export function layerOf(file) {
  const parts = file.split('/');
  if (parts[0] !== 'src' || parts.length < 2) return null;
  const top = parts[1] === 'main.tsx' ? 'app' : parts[1];
  if (top === 'features') return { layer: 'features', feature: parts.length > 3 ? parts[2] : null };
  if (LAYERS.includes(top) || top === 'styles' || top === 'test') return { layer: top, feature: null };
  return null;
}

/** The layers inside mock-server/, top first; its root files are the hosts. */
const MOCK_LAYERS = ['hosts', 'http', 'ui', 'control', 'handlers', 'views', 'rules', 'core'];

/** The layer of a path inside mock-server/ ('mock-server/rules/seats.ts' -> 'rules'), or null outside it. */
export function mockLayerOf(file) {
  const parts = file.split('/');
  if (parts[0] !== 'mock-server' || parts.length < 2) return null;
  if (parts.length === 2) return 'hosts';
  return MOCK_LAYERS.includes(parts[1]) ? parts[1] : null;
}

const mockLayerName = (layer) => (layer === 'hosts' ? 'its root files (the hosts)' : `${layer}/`);

/** What `layer` inside mock-server/ may import, as the message says it. */
function mockLayerAllowedText(layer) {
  const all = MOCK_LAYERS.slice(MOCK_LAYERS.indexOf(layer)).map(mockLayerName);
  return all.length === 1 ? all[0] : `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
}

/** What `layer` may import, as the message says it. */
function layerAllowedText(layer) {
  const below = LAYERS.slice(LAYERS.indexOf(layer) + 1).map((l) => `${l}/`);
  const own = layer === 'features' ? ['its own feature'] : [`${layer}/`];
  const all = [...own, ...below, ...(layer === 'lib' || layer === 'stores' ? [] : ['styles/'])];
  return `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
}

/** @type {Record<string, { folders: string[], packageAllowed: (name: string) => boolean, packagesText: string }>} */
const POLICIES = {
  contract: {
    folders: ['contract'],
    packageAllowed: (name) => name === 'zod',
    packagesText: 'the package zod',
  },
  fixtures: { folders: ['contract', 'fixtures'], packageAllowed: anyPackage, packagesText: 'packages' },
  'mock-server': {
    folders: ['contract', 'fixtures', 'mock-server'],
    packageAllowed: anyPackage,
    packagesText: 'packages',
  },
  src: {
    folders: ['src', 'contract'],
    packageAllowed: (name) => !MOCK_ONLY_PACKAGES.includes(name),
    packagesText: 'packages other than msw, @msw/data and @faker-js/faker',
  },
  e2e: {
    folders: ['contract', 'fixtures', 'e2e', 'mock-server'],
    packageAllowed: anyPackage,
    packagesText: 'packages',
  },
};

/** Name of a package from a bare specifier: 'zod/mini' -> 'zod', '@msw/data/x' -> '@msw/data'. */
function packageName(source) {
  const parts = source.split('/');
  return source.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * @returns {{ kind: 'folder', folder: string, file: string } | { kind: 'package', name: string }
 *   | { kind: 'alias' } | { kind: 'outside' }}  (`file`: path from the root, with '/')
 */
export function resolveTarget(rawSource, filename, root) {
  if (rawSource.startsWith('#')) {
    const alias = ALIASES.find(([prefix]) => rawSource.startsWith(prefix));
    if (!alias) return { kind: 'alias' };
    return { kind: 'folder', folder: alias[1], file: `${alias[1]}/${rawSource.slice(alias[0].length)}` };
  }
  const source = rawSource.replace(/\?.*$/s, ''); // Vite queries: './logo.svg?url'
  let absolute;
  if (source === '.' || source === '..' || source.startsWith('./') || source.startsWith('../')) {
    absolute = path.resolve(path.dirname(filename), source);
  } else if (source.startsWith('/')) {
    absolute = source.startsWith(root + path.sep) ? source : path.join(root, source);
  } else {
    return { kind: 'package', name: packageName(source) };
  }
  const relative = path.relative(root, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return { kind: 'outside' };
  const parts = relative.split(path.sep);
  return { kind: 'folder', folder: parts.length > 1 ? parts[0] : '(repository root)', file: parts.join('/') };
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the import boundaries between contract/, fixtures/, mock-server/, src/ and e2e/, and the layers inside src/' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string', description: 'Repository root (default: two levels above this file)' } },
        additionalProperties: false,
      },
    ],
    messages: {
      folder: 'import-boundaries: {{from}}/ may not import from {{to}}/ ("{{source}}"). {{from}}/ may import only {{allowed}}.',
      srcToMock: 'import-boundaries: src/ may not import {{to}} ("{{source}}"). Mock code is loaded only by src/app/start-mock.ts, through a dynamic import().',
      srcToMockPackage:
        'import-boundaries: src/ may not import the mock-only package "{{name}}" ("{{source}}"). Only src/app/start-mock.ts (through a dynamic import()) and test code (*.test.* files, src/test/) may use it.',
      srcToTest: 'import-boundaries: application code in src/ may not import the test helpers in src/test/ ("{{source}}"); only test code may.',
      startMockStatic: 'import-boundaries: src/app/start-mock.ts may load {{to}} only through a dynamic import() ("{{source}}"), so the mock backend stays out of the entry chunk.',
      package: 'import-boundaries: {{from}}/ may not import the package "{{name}}" ("{{source}}"). {{from}}/ may import only {{allowed}}.',
      alias: `import-boundaries: unknown import alias "{{source}}" in {{from}}/; the known aliases (package.json "imports") are ${ALIAS_NAMES}.`,
      outside: 'import-boundaries: "{{source}}" resolves outside the repository, which {{from}}/ may not import.',
      layer: 'import-boundaries: src/{{from}}/ may not import src/{{to}}/ ("{{source}}"). Inside src/, app → features → components → lib → stores; {{from}}/ may import only {{allowed}}.',
      crossFeature: 'import-boundaries: features/{{from}}/ may not import another feature, features/{{to}}/ ("{{source}}"). What several features use lives in components/ or lib/.',
      mockLayer:
        'import-boundaries: mock-server/{{from}} may not import mock-server/{{to}} ("{{source}}"). Inside mock-server/, the hosts (its root files) → http → ui → control → handlers → views → rules → core; {{from}} may import only {{allowed}}.',
      computed: 'import-boundaries: a dynamic import() in {{from}}/ must have a literal source (or a template starting with a folder path) so its boundary can be checked.',
    },
  },

  create(context) {
    const root = path.resolve(context.options[0]?.root ?? DEFAULT_ROOT);
    const filename = context.physicalFilename ?? context.filename;
    if (!path.isAbsolute(filename)) return {};
    const relativeFile = path.relative(root, filename);
    if (relativeFile.startsWith('..') || path.isAbsolute(relativeFile)) return {};
    const fileParts = relativeFile.split(path.sep);
    const from = fileParts[0];
    const policy = fileParts.length > 1 ? POLICIES[from] : undefined;
    if (!policy) return {};
    const isStartMock = fileParts.join('/') === START_MOCK_FILE;
    const isTestFile = TEST_FILE.test(filename);
    const isSrcTestCode = from === 'src' && (isTestFile || fileParts[1] === 'test');
    const allowed = `${policy.folders.map((f) => `${f}/`).join(', ')} and ${policy.packagesText}`;
    const fromLayer = from === 'src' ? layerOf(fileParts.join('/')) : null;
    const fromMockLayer = from === 'mock-server' && !isTestFile ? mockLayerOf(fileParts.join('/')) : null;

    /** The layers inside mock-server/: nothing upward. */
    function checkMockLayer(targetFile, source, node) {
      if (!fromMockLayer) return;
      const to = mockLayerOf(targetFile);
      if (!to || MOCK_LAYERS.indexOf(to) >= MOCK_LAYERS.indexOf(fromMockLayer)) return;
      const data = { from: mockLayerName(fromMockLayer), to: mockLayerName(to), source, allowed: mockLayerAllowedText(fromMockLayer) };
      context.report({ node, messageId: 'mockLayer', data });
    }

    /** The layers inside src/: nothing upward, no feature into another. */
    function checkLayer(targetFile, source, node) {
      if (!fromLayer || fromLayer.layer === 'test') return;
      const to = layerOf(targetFile);
      if (!to || to.layer === 'test' || to.layer === 'styles') return;
      if (fromLayer.layer === 'styles') return;
      if (fromLayer.layer === 'features' && to.layer === 'features') {
        if (to.feature !== fromLayer.feature) {
          context.report({ node, messageId: 'crossFeature', data: { from: fromLayer.feature, to: to.feature ?? '', source } });
        }
        return;
      }
      if (LAYERS.indexOf(to.layer) < LAYERS.indexOf(fromLayer.layer)) {
        const data = { from: fromLayer.layer, to: to.layer, source, allowed: layerAllowedText(fromLayer.layer) };
        context.report({ node, messageId: 'layer', data });
      }
    }

    /** @param {string} source @param {import('estree').Node} node @param {boolean} dynamic */
    function check(source, node, dynamic) {
      const target = resolveTarget(source, filename, root);
      const data = { from, source, allowed };
      if (target.kind === 'alias') {
        context.report({ node, messageId: 'alias', data });
      } else if (target.kind === 'outside') {
        context.report({ node, messageId: 'outside', data });
      } else if (target.kind === 'package') {
        const name = target.name;
        if (policy.packageAllowed(name) || (isTestFile && isTestPackage(name))) return;
        if (from === 'src' && MOCK_ONLY_PACKAGES.includes(name)) {
          if (isSrcTestCode || (isStartMock && dynamic)) return;
          const to = `the mock-only package "${name}"`;
          if (isStartMock) context.report({ node, messageId: 'startMockStatic', data: { ...data, to } });
          else context.report({ node, messageId: 'srcToMockPackage', data: { ...data, name } });
          return;
        }
        context.report({ node, messageId: 'package', data: { ...data, name } });
      } else if (from === 'src' && !isSrcTestCode && target.file.startsWith('src/test/')) {
        context.report({ node, messageId: 'srcToTest', data });
      } else if (from === 'src' && target.folder === 'src') {
        checkLayer(target.file, source, node);
      } else if (from === 'mock-server' && target.folder === 'mock-server') {
        checkMockLayer(target.file, source, node);
      } else if (!policy.folders.includes(target.folder)) {
        // Component tests render pages against the mock backend over worlds built by the fixtures.
        if (isSrcTestCode && (target.folder === 'mock-server' || target.folder === 'fixtures')) return;
        if (from === 'src' && target.folder === 'mock-server') {
          if (isStartMock && dynamic) return;
          context.report({ node, messageId: isStartMock ? 'startMockStatic' : 'srcToMock', data: { ...data, to: 'mock-server/' } });
        } else if (from === 'src' && target.folder === 'fixtures') {
          context.report({ node, messageId: 'srcToMock', data: { ...data, to: 'fixtures/' } });
        } else {
          context.report({ node, messageId: 'folder', data: { ...data, to: target.folder } });
        }
      }
    }

    /** Checks a node that holds a source string: Literal, or TemplateLiteral in import()/glob. */
    function checkSourceNode(sourceNode, node, dynamic) {
      if (!sourceNode) return;
      if (sourceNode.type === 'Literal' && typeof sourceNode.value === 'string') {
        check(sourceNode.value, sourceNode, dynamic);
      } else if (sourceNode.type === 'TemplateLiteral') {
        const prefix = sourceNode.quasis[0]?.value.cooked ?? '';
        if (sourceNode.expressions.length === 0) check(prefix, sourceNode, dynamic);
        else if (prefix.includes('/')) check(`${prefix.slice(0, prefix.lastIndexOf('/') + 1)}_`, sourceNode, dynamic);
        else context.report({ node, messageId: 'computed', data: { from } });
      } else if (dynamic) {
        context.report({ node, messageId: 'computed', data: { from } });
      }
    }

    return {
      ImportDeclaration: (node) => checkSourceNode(node.source, node, false),
      ExportNamedDeclaration: (node) => checkSourceNode(node.source, node, false),
      ExportAllDeclaration: (node) => checkSourceNode(node.source, node, false),
      ImportExpression: (node) => checkSourceNode(node.source, node, true),
      TSImportType: (node) => checkSourceNode(node.source ?? node.argument?.literal, node, false),
      TSExternalModuleReference: (node) => checkSourceNode(node.expression, node, false),
      CallExpression(node) {
        const { callee } = node;
        const isRequire = callee.type === 'Identifier' && callee.name === 'require';
        const isGlob = callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && callee.property.name === 'glob' && callee.object.type === 'MetaProperty';
        if (!isRequire && !isGlob) return;
        const [first] = node.arguments;
        const sources = first?.type === 'ArrayExpression' ? first.elements : [first];
        for (const element of sources) {
          if (element?.type === 'Literal' && typeof element.value === 'string') {
            // import.meta.glob negative patterns start with '!'.
            check(element.value.replace(/^!/, ''), element, false);
          } else {
            checkSourceNode(element, node, false);
          }
        }
      },
    };
  },
};
