import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createI18nProvider } from './i18nProvider';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The catalogues are bundled: the provider is ready at once, before the first render.
void createI18nProvider().then((i18nProvider) =>
  createRoot(container).render(
    <StrictMode>
      <App i18nProvider={i18nProvider} />
    </StrictMode>,
  ),
);
