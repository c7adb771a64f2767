import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AuthProvider, prefetchSession } from './app/auth-context';
import { AppRoutes, preloadRoute } from './app/router';
import { ToasterHost } from './app/toaster-host';
import './styles.css';

// A chunk that no longer exists (the portal was updated while this tab stayed open): load the
// new version of the page once, rather than leave a blank screen.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'chunk-reload-at';
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < 10_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

// The session and the chunks this URL needs, all requested at once.
prefetchSession();
preloadRoute(window.location.pathname);

// index.html's first paint for a signed-in phone (styles.css) is hidden once the app shows more
// than its loading line; it then leaves the page, so nothing finds its copy of the notice.
const rootElement = document.getElementById('root')!;
const firstPaint = document.getElementById('first-paint');
const appShowsMore = () => !rootElement.firstElementChild?.classList.contains('page-loading');
if (firstPaint) {
  if (!document.documentElement.hasAttribute('data-first-paint')) firstPaint.remove();
  else {
    const watch = new MutationObserver(() => {
      if (!appShowsMore()) return;
      firstPaint.remove();
      watch.disconnect();
    });
    watch.observe(rootElement, { childList: true });
  }
}

// Rendered as a transition: React then renders in slices of a few milliseconds and lets the
// browser handle input in between, instead of one long task while a phone builds the whole page.
const root = createRoot(rootElement);
startTransition(() =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AuthProvider>
          <AppRoutes />
          <ToasterHost />
        </AuthProvider>
      </BrowserRouter>
    </StrictMode>,
  ),
);
