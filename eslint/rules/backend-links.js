/**
 * Local ESLint rule `local/backend-links` (decision 046): an anchor's href in src/ is written in
 * the code (a string, or a template whose scheme or leading path is written: `mailto:${email}`,
 * `/details?id=${id}`), or the anchor is <BackendLink>, which renders an address from the backend
 * only when it is http(s) or a path of the portal. A runtime does not guard `href={value}`:
 * preact/compat renders `javascript:` as it is.
 */

/** A template's written start: a scheme that cannot run (mailto:, tel:) or a path of the portal. */
const WRITTEN_START = /^(mailto:|tel:|\/(?![/\\]))/;

function isWritten(expression) {
  if (expression.type === 'Literal') return typeof expression.value === 'string';
  if (expression.type === 'TemplateLiteral') return WRITTEN_START.test(expression.quasis[0]?.value.cooked ?? '');
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Addresses from the backend are rendered by <BackendLink> only (decision 046).' },
    schema: [],
    messages: {
      computedHref:
        'An href that is not written here goes through <BackendLink> (src/components/ui/backend-link.tsx): it renders only http(s) and the portal’s own paths, whatever the runtime (decision 046).',
    },
  },
  create(context) {
    return {
      JSXAttribute(node) {
        const element = node.parent;
        if (node.name.type !== 'JSXIdentifier' || node.name.name !== 'href') return;
        if (element.name.type !== 'JSXIdentifier' || element.name.name !== 'a') return;
        if (!node.value || node.value.type === 'Literal') return;
        if (node.value.type === 'JSXExpressionContainer' && isWritten(node.value.expression)) return;
        context.report({ node, messageId: 'computedHref' });
      },
    };
  },
};
