import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { AuthProvider } from './app/auth-context';
import { router } from './app/router';
import './styles.css';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        {/* Bottom right: at the top they covered the top bar's View Documents, Support and Sign Out. */}
        <Toaster duration={4000} visibleToasts={3} richColors closeButton position="bottom-right" />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
