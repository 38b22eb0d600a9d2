import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes, preloadScreenAt } from './app/router.tsx';
import { isDataSaverOn } from './lib/data-saver.ts';
import { setDrawnDataSaver } from './lib/drawn-page.ts';
import { formatProbe } from './lib/format.ts';
import { currentLanguage, startLanguage } from './lib/i18n/language.ts';
import { listenForInstallPrompt } from './lib/install-prompt.ts';
import { createQueryClient } from './lib/query-client.ts';
import { drawnSignedIn, readServerState, takeServerState } from './lib/server-state.ts';
import './styles.css';

// Before anything renders: Chrome may offer installation straight away.
listenForInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

const queryClient = createQueryClient();
// A page the server rendered carries the data it was drawn from, and the language, data saver
// setting and date formats it was drawn with; the app shell (the service worker's answer,
// offline) carries none. A phone whose own differ (its storage chose another language than its
// cookie said, its Intl writes dates otherwise) draws its own screen over it instead, so no
// screen is hydrated in another language, page size or date format.
const serverState = readServerState();

void startLanguage().then(() => {
  if (
    serverState &&
    currentLanguage() === serverState.language &&
    isDataSaverOn() === serverState.dataSaver &&
    formatProbe() === serverState.formats
  ) {
    setDrawnDataSaver(serverState.dataSaver);
    // The screen's code first, so hydration never meets a screen still loading.
    const signedIn = drawnSignedIn(serverState);
    void preloadScreenAt(window.location.pathname, signedIn).then(() => {
      const serverDataAt = takeServerState(queryClient, serverState.cache);
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
