// The entry: in mock mode the mock backend starts beside the app, whose calls wait for it.
import './styles/tokens.css';
import './styles/global.css';
import { MOCK_ACCOUNT_LOGIN_PATH } from '#contract/account-service';
import { MOCK_LATENCY_PARAM, MOCK_SCENARIO_PARAM, MOCK_SPEC_ONLY_PARAM } from '#contract/mock-address';
import { startApp } from './app/app.tsx';
import { reportFieldFiguresLater } from './app/field-reports-later.ts';
import { waitForBackend } from './lib/api/backend-ready.ts';
import { documentIsCut } from './lib/document-end.ts';
import { resetSessionStore } from './stores/session-store.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

async function boot(root: HTMLElement) {
  // Under `npm start` the mock answers beside the pages (scripts/dev-server.ts); the demo build starts it here.
  if (import.meta.env.VITE_BACKEND === 'mock' && import.meta.env.VITE_MOCK_HOST === 'browser') {
    // The only way from src/ to the mock: a dynamic import, so a real build never carries it.
    const mock = import('./app/start-mock.ts').then(({ startMock }) => startMock());
    // The mock account service's login page is the mock's own page, not the app's.
    if (window.location.pathname === MOCK_ACCOUNT_LOGIN_PATH) return void (await mock);
    // ?scenario= resets the mock, which signs the browser out, and the mock takes its parameters
    // out of the address: the app starts after that, not on cookies and an address about to change.
    const params = new URLSearchParams(window.location.search);
    if ([MOCK_SCENARIO_PARAM, MOCK_LATENCY_PARAM, MOCK_SPEC_ONLY_PARAM].some((name) => params.has(name))) {
      await mock;
      // The reset cleared the cookies the session store read as this module loaded: without
      // this, the app called with the previous parent's session and went to the login page.
      resetSessionStore();
    } else waitForBackend(mock);
  }
  if (import.meta.env.VITE_BACKEND === 'mock' && import.meta.env.VITE_MOCK_HOST === 'server') void import('./app/start-mock.ts').then(({ connectServerMock }) => connectServerMock());
  const started = startApp(root);
  // Parents' own figures and errors, where the server asks for them: the reporter loads when idle after the start (decision 083).
  reportFieldFiguresLater(started);
  await started;
  // The dev server linked the styles its HTML needed (scripts/dev-server.ts); the modules' own are in now.
  if (import.meta.env.DEV) for (const link of document.querySelectorAll('link[rel="stylesheet"][href$="?direct"]')) link.remove();
}

// A document that arrived cut off is being asked for again (decision 089): nothing to hydrate.
if (!documentIsCut()) void boot(container);
