import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LOCALE, DEFAULT_THEME } from '../shared/constants';
import { App } from './app/App';
import { hashAddressFor } from './app/boot-location';
import { getBridge } from './bridge';
import { createI18n, isLocale } from './i18n';

async function start(): Promise<void> {
  const typedAddress = hashAddressFor(window.location.pathname, window.location.search, window.location.hash);
  if (typedAddress) window.history.replaceState(null, '', typedAddress);

  const bridge = getBridge();
  // The stored language and theme first, so the first screen is already in them.
  const settings = await bridge.settings.get();
  const language = settings.ok && isLocale(settings.data.language) ? settings.data.language : DEFAULT_LOCALE;
  const theme = settings.ok ? settings.data.theme : DEFAULT_THEME;
  const i18n = await createI18n(language);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <App i18n={i18n} bridge={bridge} theme={theme} />
    </StrictMode>,
  );
}

void start();
