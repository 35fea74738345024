/**
 * Local ESLint rule `local/app-paths` (decision 064): an address of the app is built from the route
 * table (src/lib/routes.ts) by `href(name, search)`, never written as text. It refuses a string or
 * template literal that starts with one of the table's first path segments (`'/details?id=' + id`,
 * `<Link to="/searchHome">`, `` `/personal/${page}` ``), and the home page's '/' where an address
 * goes: a link's `to` or `href`, a `to:` of an object, or what is navigated or redirected to.
 */

/** The first path segments of the table's pages (`apply`, `personal`), read from its source. */
export function firstSegments(tableSource) {
  const segments = [...tableSource.matchAll(/\broute\('\/([^/'?#]+)/g)].map((m) => m[1]);
  return [...new Set(segments)].sort();
}

const ADDRESS_ATTRIBUTES = new Set(['to', 'href']);
const NAVIGATIONS = new Set(['navigate', 'redirect', 'assign', 'replace']);

/** Whether a literal '/' (or '/?…') is where an address goes, so it names the home page. */
function isAddressPlace(node) {
  let at = node;
  if (at.parent?.type === 'JSXExpressionContainer') at = at.parent;
  const parent = at.parent;
  if (!parent) return false;
  if (parent.type === 'JSXAttribute') return parent.name.type === 'JSXIdentifier' && ADDRESS_ATTRIBUTES.has(parent.name.name);
  if (parent.type === 'Property' && parent.value === at) return parent.key.type === 'Identifier' && parent.key.name === 'to';
  if (parent.type === 'CallExpression' && parent.arguments[0] === at) {
    const callee = parent.callee.type === 'MemberExpression' ? parent.callee.property : parent.callee;
    return callee.type === 'Identifier' && NAVIGATIONS.has(callee.name);
  }
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'App addresses come from the route table (src/lib/routes.ts), decision 064.' },
    schema: [{ type: 'object', properties: { segments: { type: 'array', items: { type: 'string' } } }, required: ['segments'], additionalProperties: false }],
    messages: {
      literalPath: "'{{text}}' is an app address written as text: build it with href() from the route table (src/lib/routes.ts, decision 064).",
    },
  },
  create(context) {
    const segments = context.options[0]?.segments ?? [];
    const escaped = segments.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    // A segment ends the text (or a template's written start), or is followed by '/', '?' or '#'.
    const page = new RegExp(`^/(?:${escaped.join('|') || '(?!)'})(?=$|[/?#])`);
    const home = /^\/(?=$|[?#])/;

    function check(node, text) {
      if (page.test(text) || (home.test(text) && isAddressPlace(node))) context.report({ node, messageId: 'literalPath', data: { text } });
    }

    return {
      Literal(node) {
        if (typeof node.value !== 'string' || node.parent?.type === 'ImportDeclaration' || node.parent?.type === 'ExportNamedDeclaration' || node.parent?.type === 'ExportAllDeclaration') return;
        check(node, node.value);
      },
      // Its written start: `/details?id=${id}` starts '/details?id=', `/personal/${page}` '/personal/'.
      TemplateLiteral(node) {
        check(node, node.quasis[0]?.value.cooked ?? '');
      },
    };
  },
};
