import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import rule, { resolveTarget } from './import-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const file = (relative: string) => path.join(root, ...relative.split('/'));

const ruleTester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});

type Valid = { filename: string; code: string };
type Invalid = Valid & { errors: { message: RegExp }[] };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The message template `messageId` with the given placeholders filled in and the others
 * matching anything: pins both the kind of report and the parts a case is about.
 */
function expected(messageId: string, data: Record<string, string> = {}): RegExp {
  const template = rule.meta?.messages?.[messageId];
  if (!template) throw new Error(`unknown messageId ${messageId}`);
  const pattern = template
    .split(/(\{\{\s*\w+\s*\}\})/)
    .map((part) => {
      const key = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
      if (key === undefined) return escape(part);
      return key in data ? escape(data[key] ?? '') : '.*';
    })
    .join('');
  return new RegExp(`^${pattern}$`);
}

/** `code` in `filename` is allowed. */
const ok = (filename: string, code: string): Valid => ({ filename: file(filename), code });
/** `code` in `filename` is reported exactly once, with `messageId`. */
const no = (filename: string, code: string, messageId: string, data?: Record<string, string>): Invalid => ({
  filename: file(filename),
  code,
  errors: [{ message: expected(messageId, data) }],
});

ruleTester.run('import-boundaries', rule, {
  valid: [
    // contract/: only contract/ and zod
    ok('contract/user.ts', "import { z } from 'zod';"),
    ok('contract/user.ts', "import * as zm from 'zod/mini';"),
    ok('contract/user.ts', "import { id } from './common';"),
    ok('contract/operations/user.ts', "import { id } from '../schemas/common';"),
    ok('contract/user.ts', "import { id } from '#contract/common';"),
    ok('contract/index.ts', "export * from './user';"),
    ok('contract/index.ts', "export { id } from '#contract/common';"),
    ok('contract/user.ts', "import type { Id } from './common';"),
    ok('contract/user.test.ts', "import { expect, it } from 'vitest';"),
    ok('contract/user.test.ts', "import fc from 'fast-check';"),

    // fixtures/: contract/, fixtures/, packages
    ok('fixtures/users.ts', "import { user } from '#contract/user';"),
    ok('fixtures/users.ts', "import { user } from '../contract/user';"),
    ok('fixtures/users.ts', "import { seed } from './seed';"),
    ok('fixtures/users.ts', "import { fakerZH_CN } from '@faker-js/faker';"),

    // mock-server/: contract/, fixtures/, mock-server/, packages
    ok('mock-server/handlers.ts', "import { user } from '#contract/user';"),
    ok('mock-server/handlers.ts', "import { users } from '#fixtures/users';"),
    ok('mock-server/handlers.ts', "import { users } from '../fixtures/users';"),
    ok('mock-server/handlers.ts', "import { db } from './db';"),
    ok('mock-server/handlers.ts', "import { http, HttpResponse } from 'msw';"),
    ok('mock-server/db.ts', "import { Collection } from '@msw/data';"),
    ok('mock-server/server.ts', "import { setupServer } from 'msw/node';"),

    // src/: src/, contract/, non-mock packages
    ok('src/app/home.tsx', "import { Button } from '../components/Button';"),
    ok('src/app/home.tsx', "import { user } from '#contract/user';"),
    ok('src/features/home/home-page.tsx', "import { formatYuan } from '#src/lib/format.ts';"),
    ok('src/server/render.tsx', "import { createRoutes } from '../app/router.tsx';"),
    ok('src/app/home.tsx', "import { user } from '../../contract/user';"),
    ok('src/app/home.tsx', "import { useState } from 'react';"),
    ok('src/main.tsx', "import { createRoot } from 'react-dom/client';"),
    ok('src/main.tsx', "import './styles/tokens.css';"),
    ok('src/main.tsx', "import { App } from '/src/app/App';"),
    ok('src/app/home.tsx', "import logo from '../assets/logo.svg?url';"),
    ok('src/app/routes.tsx', "const Home = () => import('../features/home/home-page.tsx');"),
    ok('src/app/routes.tsx', 'const page = (name: string) => import(`../features/${name}-page.tsx`);'),
    ok('src/app/routes.tsx', "const pages = import.meta.glob('../features/*/*-page.tsx');"),
    ok('src/lib/api.ts', "export type { User } from '#contract/user';"),

    // test code in src/ (*.test.* and src/test/**) may use the mock-only packages
    ok('src/test/api-server.ts', "import { setupServer } from 'msw/node';"),
    ok('src/test/api-server.ts', "import { http, HttpResponse } from 'msw';"),
    ok('src/lib/api.test.ts', "import { http } from 'msw';"),
    ok('src/lib/api.test.ts', "import { server } from '../test/api-server';"),
    ok('src/test/render.tsx', "import { server } from './api-server';"),
    ok('src/test/render-route.tsx', "import { handlers } from '#mock/handlers/index';"),
    ok('src/features/x/page.test.tsx', "import { buildWorld } from '#fixtures/snapshot';"),

    // src/app/start-mock.ts: mock-server/ and mock-only packages through a dynamic import()
    ok('src/app/start-mock.ts', "export const start = () => import('#mock/browser');"),
    ok('src/app/start-mock.ts', "export const start = () => import('../../mock-server/browser');"),
    ok('src/app/start-mock.ts', "export const start = () => import('msw/browser');"),
    ok('src/app/start-mock.ts', "import { config } from './config';"),

    // e2e/: contract/, fixtures/, e2e/, mock-server/ by path, packages
    ok('e2e/smoke.spec.ts', "import { test, expect } from '@playwright/test';"),
    ok('e2e/smoke.spec.ts', "import { user } from '#contract/user';"),
    ok('e2e/smoke.spec.ts', "import { users } from '#fixtures/users';"),
    ok('e2e/smoke.spec.ts', "import { login } from './helpers';"),
    ok('e2e/smoke.spec.ts', "import { db } from '#mock/db';"),
    ok('e2e/smoke.spec.ts', "import { db } from '../mock-server/db';"),

    // stories/: anything
    ok('stories/Button.stories.tsx', "import { Button } from '../src/components/Button';"),
    ok('stories/Button.stories.tsx', "import { handlers } from '#mock/handlers';"),
    ok('stories/Button.stories.tsx', "import { users } from '#fixtures/users';"),
    ok('stories/Button.stories.tsx', "import { http } from 'msw';"),

    // inside src/: app → features → components → lib → stores, each importing only below
    ok('src/main.tsx', "import { startApp } from './app/app.tsx';"),
    ok('src/app/router.tsx', "const pageModules = import.meta.glob('../features/*/*-page.tsx');"),
    ok('src/app/router.tsx', "const dataModules = import.meta.glob('../features/*/*-page.data.ts');"),
    ok('src/app/layouts/default-layout.tsx', "import { TopBar } from '../../features/chrome/top-bar.tsx';"),
    ok('src/app/app.tsx', "import { createQueryClient } from '../lib/api/query-client.ts';"),
    ok('src/features/orders/order-list-page.tsx', "import { ordersQuery } from './order-list-page.data.ts';"),
    ok('src/features/orders/order-list-page.data.ts', "import type { RouteData } from '#src/lib/api/route-data.ts';"),
    ok('src/features/contacts/contacts-page.tsx', "import { ContactForm } from './contact-form.tsx';"),
    ok('src/features/contacts/contacts-page.tsx', "import { Button } from '../../components/ui/button.tsx';"),
    ok('src/features/contacts/contacts-page.tsx', "import { useApiQuery } from '../../lib/api/queries.ts';"),
    ok('src/features/contacts/contacts-page.tsx', "import { toast } from '../../stores/toast-store.ts';"),
    ok('src/features/contacts/contacts-page.tsx', "import '../../styles/global.css';"),
    ok('src/features/orders/order-list/parts.tsx', "import { ORDER_VIEWS } from '../order-actions.tsx';"),
    ok('src/components/ui/states.tsx', "import { Spinner } from '../feedback/loading-overlay.tsx';"),
    ok('src/components/ui/avatar.tsx', "import { useOssUrl } from '../../lib/session/oss.ts';"),
    ok('src/components/feedback/toaster.tsx', "import { toastStore } from '../../stores/toast-store.ts';"),
    ok('src/lib/session/session-flow.ts', "import { apiClient } from '../api/api-client.ts';"),
    ok('src/lib/api/api-client.ts', "import { sessionStore } from '../../stores/session-store.ts';"),
    ok('src/stores/session-store.test.ts', "import { childStore } from './child-store.ts';"),
    // test code follows its folder's layer, and may use the harness (which renders the app)
    ok('src/features/orders/my-order.test.tsx', "import { renderRoute } from '../../test/render-route.tsx';"),
    ok('src/test/render-route.tsx', "import { createRoutes } from '../app/router.tsx';"),
    ok('src/app/shell.test.tsx', "import { renderRoute } from '../test/render-route.tsx';"),

    // mock-server/: its layers, hosts → http → ui → control → handlers → views → rules → core
    ok('mock-server/browser.ts', "import { mockHandlers } from './control/setup.ts';"),
    ok('mock-server/http/host.ts', "import { LoginPage } from '../ui/login-page.tsx';"),
    ok('mock-server/views/orders.ts', "import { refundOf } from '../rules/refunds.ts';"),
    ok('mock-server/views/orders.ts', "import { presentClassCard } from './classes.ts';"),
    ok('mock-server/rules/sign-up.ts', "import type { MockState } from '#mock/core/state';"),
    ok('mock-server/handlers/browsing.ts', "import { PICKER_LIMIT } from './after-sale.ts';"),
    // test files drive the assembled mock: any layer
    ok('mock-server/rules/payments.test.ts', "import { setupMockForTests } from '../testing.ts';"),

    // folders without a policy
    ok('scripts/contract-docs.ts', "import { user } from '../src/lib/api';"),
    ok('.storybook/preview.ts', "import { mswLoader } from 'msw-storybook-addon/csf3';"),
    ok('vite.config.ts', "import { handlers } from './mock-server/handlers';"),
  ],

  invalid: [
    // mock-server/: nothing upward
    no('mock-server/rules/sign-up.ts', "import { classOrNotFound } from '../views/classes.ts';", 'mockLayer', {
      from: 'rules/',
      to: 'views/',
      allowed: 'rules/ and core/',
    }),
    no('mock-server/core/state.ts', "import type { World } from '#mock/http/worlds';", 'mockLayer', { from: 'core/', to: 'http/', allowed: 'core/' }),
    no('mock-server/ui/panel.tsx', "import type { BrowserMock } from '../browser.ts';", 'mockLayer', { from: 'ui/', to: 'its root files (the hosts)' }),
    no('mock-server/control/operations.ts', "import { handlers } from '../http/host.ts';", 'mockLayer', { to: 'http/', allowed: 'control/, handlers/, views/, rules/ and core/' }),

    // contract/
    no('contract/user.ts', "import { users } from '#fixtures/users';", 'folder', { from: 'contract', to: 'fixtures' }),
    no('contract/user.ts', "import { api } from '../src/lib/api';", 'folder', { from: 'contract', to: 'src' }),
    no('contract/user.ts', "export * from '#mock/db';", 'folder', { from: 'contract', to: 'mock-server' }),
    no('contract/user.ts', "const f = () => import('../fixtures/users');", 'folder', { to: 'fixtures' }),
    no('contract/user.ts', "import { useState } from 'react';", 'package', { name: 'react' }),
    no('contract/user.ts', "import fs from 'node:fs';", 'package', { name: 'node:fs' }),
    no('contract/user.ts', "import { it } from 'vitest';", 'package', { name: 'vitest' }),
    no('contract/user.test.ts', "import { useState } from 'react';", 'package', { name: 'react' }),
    no('contract/user.test.ts', "import fs from 'node:fs';", 'package', { name: 'node:fs' }),
    no('contract/user.test.ts', "import { users } from '#fixtures/users';", 'folder', { to: 'fixtures' }),
    no('contract/user.ts', "import { faker } from '@faker-js/faker';", 'package', { name: '@faker-js/faker' }),

    // fixtures/
    no('fixtures/users.ts', "import { db } from '#mock/db';", 'folder', { from: 'fixtures', to: 'mock-server' }),
    no('fixtures/users.ts', "import { api } from '../src/lib/api';", 'folder', { from: 'fixtures', to: 'src' }),

    // mock-server/
    no('mock-server/handlers.ts', "import { api } from '../src/lib/api';", 'folder', { from: 'mock-server', to: 'src' }),
    no('mock-server/handlers.ts', "import { api } from '/src/lib/api';", 'folder', { from: 'mock-server', to: 'src' }),
    no('mock-server/handlers.ts', "import { helper } from '../e2e/helpers';", 'folder', { to: 'e2e' }),

    // src/: never fixtures/, mock-server/ or the mock-only packages
    no('src/app/home.tsx', "import { users } from '#fixtures/users';", 'srcToMock', { to: 'fixtures/' }),
    no('src/app/home.tsx', "import { users } from '../../fixtures/users';", 'srcToMock', { to: 'fixtures/' }),
    no('src/app/home.tsx', "import { handlers } from '#mock/handlers';", 'srcToMock', { to: 'mock-server/' }),
    no('src/app/home.tsx', "import { db } from '../../mock-server/db';", 'srcToMock', { to: 'mock-server/' }),
    no('src/app/home.tsx', "import type { Db } from '#mock/db';", 'srcToMock', { to: 'mock-server/' }),
    no('src/lib/api.ts', "export { users } from '../../fixtures/users';", 'srcToMock', { to: 'fixtures/' }),
    no('src/main.tsx', "const start = () => import('#mock/browser');", 'srcToMock', { to: 'mock-server/' }),
    no('src/main.tsx', 'const load = (n: string) => import(`../mock-server/${n}.ts`);', 'srcToMock'),
    no('src/main.tsx', "const all = import.meta.glob('../fixtures/*.ts');", 'srcToMock', { to: 'fixtures/' }),
    no('src/lib/api.ts', "type Db = typeof import('#mock/db');", 'srcToMock', { to: 'mock-server/' }),
    no('src/lib/api.ts', "import { http } from 'msw';", 'srcToMockPackage', { name: 'msw' }),
    no('src/lib/api.ts', "import { setupWorker } from 'msw/browser';", 'srcToMockPackage', { name: 'msw' }),
    no('src/lib/api.ts', "import { Collection } from '@msw/data';", 'srcToMockPackage', { name: '@msw/data' }),
    no('src/lib/api.ts', "import { fakerZH_CN } from '@faker-js/faker/locale/zh_CN';", 'srcToMockPackage', {
      name: '@faker-js/faker',
    }),
    no('src/lib/api.ts', "const m = () => import('msw');", 'srcToMockPackage'),
    // ...and app code never src/test/ (test code renders pages against the mock: see the ok cases)
    no('src/lib/api.ts', "import { server } from '../test/api-server';", 'srcToTest'),
    no('src/main.tsx', "import { server } from '/src/test/api-server';", 'srcToTest'),
    no('src/lib/api.ts', "import { meta } from '../../stories/meta';", 'folder', { from: 'src', to: 'stories' }),
    no('src/lib/api.ts', "import { x } from '../../../elsewhere/x';", 'outside'),
    no('src/lib/api.ts', "import { x } from '#lib/x';", 'alias'),
    // #src/* (package.json "imports") is src/ by another name: the same folders and layers
    no('src/lib/format.ts', "import { Button } from '#src/components/ui/button.tsx';", 'layer', { from: 'lib', to: 'components' }),
    no('src/features/payment/pay-panel.tsx', "import { Notice } from '#src/features/enrolment/notice.tsx';", 'crossFeature', { to: 'enrolment' }),
    no('src/lib/api.ts', "import { server } from '#src/test/api-server.ts';", 'srcToTest'),
    no('mock-server/handlers/orders.ts', "import { formatYuan } from '#src/lib/format.ts';", 'folder', { from: 'mock-server', to: 'src' }),
    no('e2e/smoke.spec.ts', "import { App } from '#src/app/app.tsx';", 'folder', { from: 'e2e', to: 'src' }),
    no('src/lib/api.ts', 'const load = (name: string) => import(name);', 'computed'),

    // inside src/: a feature never imports another feature, nor anything above it
    no('src/features/payment/pay-panel.tsx', "import { Notice } from '../enrolment/notice.tsx';", 'crossFeature', {
      from: 'payment',
      to: 'enrolment',
    }),
    no('src/features/invoices/list.tsx', "import { useAllOrders } from '/src/features/refunds/use-all-orders.ts';", 'crossFeature', {
      to: 'refunds',
    }),
    no('src/features/contacts/contacts-page.test.tsx', "import { beijingToday } from '../account/id-reading.tsx';", 'crossFeature'),
    no('src/features/home/seckill.tsx', "const f = () => import('../classes/countdown.tsx');", 'crossFeature'),
    no('src/features/session/oss.ts', "import { ossFallbackUrl } from '../../app/app-config.ts';", 'layer', { from: 'features', to: 'app' }),
    no('src/features/home/home-page.data.ts', "import { createRoutes } from '../../app/router.tsx';", 'layer', { from: 'features', to: 'app' }),
    no('src/lib/routes.ts', "const page = () => import('../features/home/home-page.tsx');", 'layer', { from: 'lib', to: 'features' }),
    // the document server (src/server/) renders the app; nothing in the app reaches up into it
    no('src/app/app.tsx', "import { renderPage } from '../server/render-page.ts';", 'layer', { from: 'app', to: 'server' }),
    no('src/lib/api/api-client.ts', "import { inRequestScope } from '../../server/scope.ts';", 'layer', { from: 'lib', to: 'server' }),
    no('src/components/ui/avatar.tsx', "import { useOssUrl } from '../../features/session/oss.ts';", 'layer', {
      from: 'components',
      to: 'features',
    }),
    no('src/components/ui/button.tsx', "import { router } from '../../app/router.tsx';", 'layer', { from: 'components', to: 'app' }),
    no('src/lib/format.ts', "import { Button } from '../components/ui/button.tsx';", 'layer', { from: 'lib', to: 'components' }),
    no('src/lib/session/oss.ts', "import { config } from '../../app/app-config.ts';", 'layer', { from: 'lib', to: 'app' }),
    no('src/lib/forms/use-form.ts', "import { FormError } from '../../features/account/code-sending.tsx';", 'layer', { to: 'features' }),
    no('src/stores/toast-store.ts', "import { browser } from '../lib/browser.ts';", 'layer', { from: 'stores', to: 'lib' }),
    no('src/stores/ui-store.ts', "import { Spinner } from '../components/feedback/loading-overlay.tsx';", 'layer', { to: 'components' }),
    no('src/lib/api/queries.test.tsx', "import { Home } from '../../features/home/home-page.tsx';", 'layer', { to: 'features' }),

    // src/app/start-mock.ts: static imports of mock code are still forbidden, fixtures/ always
    no('src/app/start-mock.ts', "import { worker } from '#mock/browser';", 'startMockStatic', { to: 'mock-server/' }),
    no('src/app/start-mock.ts', "import { worker } from '../../mock-server/browser';", 'startMockStatic'),
    no('src/app/start-mock.ts', "export { worker } from '#mock/browser';", 'startMockStatic'),
    no('src/app/start-mock.ts', "import { setupWorker } from 'msw/browser';", 'startMockStatic'),
    no('src/app/start-mock.ts', "const f = () => import('#fixtures/users');", 'srcToMock', { to: 'fixtures/' }),
    // ...and the exception is for that one file only
    no('src/app/start-mock.tsx', "const f = () => import('#mock/browser');", 'srcToMock'),
    no('src/app/other/start-mock.ts', "const f = () => import('#mock/browser');", 'srcToMock'),

    // e2e/
    no('e2e/smoke.spec.ts', "import { App } from '../src/app/App';", 'folder', { from: 'e2e', to: 'src' }),
    no('e2e/smoke.spec.ts', "import { meta } from '../stories/meta';", 'folder', { from: 'e2e', to: 'stories' }),
  ],
});

describe('import-boundaries messages', () => {
  it('name the rule and say what is allowed', async () => {
    const { Linter } = await import('eslint');
    const linter = new Linter();
    const messages = linter.verify(
      "import { users } from '#fixtures/users';\nimport { z } from 'zod';\nimport fs from 'node:fs';",
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          plugins: { local: { rules: { 'import-boundaries': rule } } },
          rules: { 'local/import-boundaries': 'error' },
        },
      ],
      file('contract/user.ts'),
    );
    expect(messages.map((m) => [m.line, m.ruleId, m.message])).toEqual([
      [1, 'local/import-boundaries', 'import-boundaries: contract/ may not import from fixtures/ ("#fixtures/users"). contract/ may import only contract/ and the package zod.'],
      [3, 'local/import-boundaries', 'import-boundaries: contract/ may not import the package "node:fs" ("node:fs"). contract/ may import only contract/ and the package zod.'],
    ]);
  });
  it('name the layers inside src/ and where shared code goes', async () => {
    const { Linter } = await import('eslint');
    const linter = new Linter();
    const config = [
      {
        files: ['**/*.tsx'],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: { rules: { 'import-boundaries': rule } } },
        rules: { 'local/import-boundaries': 'error' as const },
      },
    ];
    const messages = linter.verify("import { Notice } from '../enrolment/notice.tsx';\nimport { router } from '../../app/router.tsx';", config, file('src/features/payment/pay-panel.tsx'));
    expect(messages.map((m) => m.message)).toEqual([
      'import-boundaries: features/payment/ may not import another feature, features/enrolment/ ("../enrolment/notice.tsx"). What several features use lives in components/ or lib/.',
      'import-boundaries: src/features/ may not import src/app/ ("../../app/router.tsx"). Inside src/, app → features → components → lib → stores; features/ may import only its own feature, components/, lib/, stores/ and styles/.',
    ]);
  });
});

describe('resolveTarget', () => {
  const from = file('src/app/home.tsx');
  it.each([
    ['#contract/user', { kind: 'folder', folder: 'contract', file: 'contract/user' }],
    ['#fixtures/users', { kind: 'folder', folder: 'fixtures' }],
    ['#mock/db', { kind: 'folder', folder: 'mock-server' }],
    ['#src/lib/format.ts', { kind: 'folder', folder: 'src', file: 'src/lib/format.ts' }],
    ['#other/x', { kind: 'alias' }],
    ['./Button', { kind: 'folder', folder: 'src' }],
    ['../../mock-server/db', { kind: 'folder', folder: 'mock-server' }],
    ['../../vite.config', { kind: 'folder', folder: '(repository root)' }],
    ['../../../x', { kind: 'outside' }],
    ['/src/main.tsx', { kind: 'folder', folder: 'src', file: 'src/main.tsx' }],
    ['../../src/test/setup', { kind: 'folder', folder: 'src', file: 'src/test/setup' }],
    ['@faker-js/faker/locale/zh_CN', { kind: 'package', name: '@faker-js/faker' }],
    ['react-dom/client', { kind: 'package', name: 'react-dom' }],
    ['node:path', { kind: 'package', name: 'node:path' }],
  ])('%s', (source, expected) => {
    expect(resolveTarget(source, from, root)).toMatchObject(expected);
  });
});
