import { readFileSync } from 'node:fs';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { pagePaths } from '#src/lib/routes.ts';
import rule, { firstSegments } from './app-paths.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ruleTester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
});
const options = [{ segments: ['details', 'personal', 'searchHome', 'payment', 'paymentResult'] }];
const error = { messageId: 'literalPath' };

ruleTester.run('app-paths', rule, {
  valid: [
    { code: "<Link to={href('search')}>课程</Link>", options },
    { code: "navigate(href('classDetails', { id }))", options },
    { code: "const parts = pathname.split('/')", options },
    { code: "url.replace(/\\/?$/, '/')", options },
    { code: "if (socket.startsWith('/')) connect()", options },
    { code: "fetch('/api/v1/details')", options },
    { code: "const page = '/searchHomeless'", options },
    { code: 'const base = `/${prefix}/x`', options },
    { code: "const asset = '/assets/payment.png'", options },
    { code: "import x from '/details'", options },
    { code: 'const html = \'<a href="/">返回首页</a>\'', options },
  ],
  invalid: [
    { code: "const a = '/details?id=' + id", options, errors: [error] },
    { code: '<Link to="/searchHome">课程</Link>', options, errors: [error] },
    { code: '<Link to={`/details?id=${id}`}>详情</Link>', options, errors: [error] },
    { code: 'const to = `/personal/${page}`', options, errors: [error] },
    { code: "const p = '/personal'", options, errors: [error] },
    { code: "navigate('/paymentResult?status=success')", options, errors: [error] },
    { code: "const pages = ['/payment', '/payment/']", options, errors: [error, error] },
    { code: '<Link to="/">首页</Link>', options, errors: [error] },
    { code: "<a href='/'>首页</a>", options, errors: [error] },
    { code: "const items = [{ to: '/', label: '首页' }]", options, errors: [error] },
    { code: "throw redirect('/')", options, errors: [error] },
    { code: "router.navigate('/')", options, errors: [error] },
    { code: "window.location.assign('/?from=x')", options, errors: [error] },
  ],
});

describe('firstSegments', () => {
  it('reads the first path segment of every page of the route table, as eslint.config.js gives them to the rule', () => {
    const source = readFileSync(new URL('../../src/lib/routes.ts', import.meta.url), 'utf8');
    const expected = new Set(pagePaths.map((path) => path.split('/')[1]).filter(Boolean));
    expect(firstSegments(source)).toEqual([...expected].sort());
  });
});
