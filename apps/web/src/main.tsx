import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-500.css';
import '@fontsource/noto-sans/latin-700.css';
import '@fontsource/noto-sans/latin-ext-400.css';
import '@fontsource/noto-sans/latin-ext-500.css';
import '@fontsource/noto-sans/latin-ext-700.css';
import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-500.css';
import '@fontsource/noto-sans-arabic/arabic-700.css';
import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app';
import { routes } from './app/router';
import { i18nReady } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The router starts loading the page opened (its code and texts) at once, beside the shell's texts; the app
// is drawn once those are there, in the page language from the first frame.
const router = createBrowserRouter(routes);

void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  ),
);
