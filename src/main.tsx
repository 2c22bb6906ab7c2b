/** Boot: theme before the first render, the app, the sync engine, the service worker. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { captureInstallPrompt } from './pwa/install-prompt';
import { registerServiceWorker } from './pwa/register';
import { router } from './routes/router';
import { applyTheme, readStoredTheme } from './stores/ui';
import { startSync } from './sync/app';
import './styles/index.css';

applyTheme(readStoredTheme());
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

startSync();
registerServiceWorker();
