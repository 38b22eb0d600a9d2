import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { startLanguage } from './lib/i18n/language.ts';
import { listenForInstallPrompt } from './lib/install-prompt.ts';
import './styles.css';

// Before anything renders: Chrome may offer installation straight away.
listenForInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

void startLanguage().then(() =>
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  ),
);

// Saved jobs, profiles and unsent writes must not be evicted when the phone runs short of space.
void navigator.storage?.persist?.().catch(() => undefined);
