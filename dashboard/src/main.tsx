import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from './api/api-error';
import { App } from './app';
import { session } from './session/session-store';
import './styles.css';

const queries = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; a network blip or 503 may.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

// Another identity (sign-out, expiry, a support session opened or ended): nothing cached for the
// last one may be shown. Subscribed before any component, so the cache is empty when they re-render.
let lastToken = session.token();
session.subscribe(() => {
  if (session.token() !== lastToken) queries.clear();
  lastToken = session.token();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queries}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
