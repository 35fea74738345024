// Minimal entry so the toolchain (build, preview, e2e smoke test) runs end to end.
// The real application entry replaces this file.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <h1>少年儿童活动中心 · 报名服务平台</h1>
  </StrictMode>,
);
