import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { DEFAULT_LANGUAGE } from '../contracts/languages.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes, preloadScreenAt } from './app/router.tsx';
import { isDataSaverOn } from './lib/data-saver.ts';
import { currentLanguage, startLanguage } from './lib/i18n/language.ts';
import { listenForInstallPrompt } from './lib/install-prompt.ts';
import { createQueryClient } from './lib/query-client.ts';
import { readServerState, takeServerState } from './lib/server-state.ts';
import './styles.css';

// Before anything renders: Chrome may offer installation straight away.
listenForInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

const queryClient = createQueryClient();
// A page the server rendered (a visitor's first view of a public screen) carries the data it
// was drawn from; the app shell (the service worker's answer, offline) carries none. The server
// draws only in English and for phones that do not save data (their pages are smaller): a phone
// that speaks another language, or saves data, draws its own screen over it instead.
const serverState = readServerState();

void startLanguage().then(() => {
  if (serverState && currentLanguage() === DEFAULT_LANGUAGE && !isDataSaverOn()) {
    // The screen's code first, so hydration never meets a screen still loading.
    void preloadScreenAt(window.location.pathname).then(() => {
      const serverDataAt = takeServerState(queryClient, serverState);
      hydrateRoot(root, app(serverDataAt));
    });
  } else {
    createRoot(root).render(app(undefined));
  }
});

function app(serverDataAt: number | undefined) {
  return (
    <StrictMode>
      <BrowserRouter>
        <AppProviders queryClient={queryClient} serverDataAt={serverDataAt}>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>
  );
}

// Saved jobs, profiles and unsent writes must not be evicted when the phone runs short of space.
void navigator.storage?.persist?.().catch(() => undefined);
