import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The shared styles come first, so that each area's own styles (imported by its components) follow them.
import './styles/fonts.css';
import './styles/theme.css';
import './styles/base.css';
import './styles/components.css';
import { App } from './app/app.tsx';
import { watchInstallPrompt } from './lib/install-app.ts';
import { readSavedCache } from './lib/query-persister.ts';
import { registerServiceWorker } from './lib/service-worker.ts';

void readSavedCache();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
watchInstallPrompt();
