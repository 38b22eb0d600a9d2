import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { listenForInstallPrompt } from './lib/install-prompt.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './styles.css';

// Before anything renders: Chrome may offer installation straight away.
listenForInstallPrompt();

const router = createRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

registerServiceWorker();
// Saved jobs, profiles and unsent writes must not be evicted when the phone runs short of space.
void navigator.storage?.persist?.().catch(() => undefined);
