// The entry: start the mock backend first in mock mode (it must answer the first calls), then the app.
import './styles/tokens.css';
import './styles/global.css';
import { startApp } from './app/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

async function boot(root: HTMLElement) {
  if (import.meta.env.VITE_BACKEND === 'mock') {
    // The only way from src/ to the mock: a dynamic import, so a real build never carries it.
    const { startMock } = await import('./app/start-mock.ts');
    if ((await startMock()) === 'handled') return;
  }
  startApp(root);
}

void boot(container);
