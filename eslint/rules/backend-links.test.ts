import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from './backend-links.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ruleTester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
});
const error = { messageId: 'computedHref' };

ruleTester.run('backend-links', rule, {
  valid: [
    { code: '<a href="/">首页</a>' },
    { code: '<a href={"https://www.example.org"}>官网</a>' },
    { code: '<a href={`mailto:${email}`}>{email}</a>' },
    { code: '<a href={`tel:${phone}`}>{phone}</a>' },
    { code: '<a href={`/details?id=${id}`}>详情</a>' },
    { code: '<BackendLink href={info.official_site_url}>官方网站</BackendLink>' },
    { code: '<Link to={path}>x</Link>' },
  ],
  invalid: [
    { code: '<a href={info.official_site_url}>官方网站</a>', errors: [error] },
    { code: '<a href={url ?? "/"}>x</a>', errors: [error] },
    { code: '<a href={`${base}/x`}>x</a>', errors: [error] },
    { code: '<a href={`//${host}`}>x</a>', errors: [error] },
    { code: '<a href={ossUrl(file)}>x</a>', errors: [error] },
  ],
});
