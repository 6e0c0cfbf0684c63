import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './shared/i18n/i18n';
import { reloadOnce } from './shared/routing/reload-guard';

// A preloaded chunk that is gone (new deployment): reload once instead of failing.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnce()) event.preventDefault();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Render once the starting language is there (Malay is bundled; English or Chinese is one small fetch).
void initI18n().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
