import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startLoading } from './App';
import { lazyScreen } from './lazy-screen';
import './i18n';
import './styles.css';

// `#/cliente` is the customer-facing display (its own window in Electron): a chunk of its own.
const CustomerDisplay = lazyScreen(() =>
  import('./features/customer/CustomerDisplay').then((m) => m.CustomerDisplay),
);
const customer = location.hash.startsWith('#/cliente');
// The Caixa's first calls go out now, not after React's first render and paint (issue 35).
if (!customer) void startLoading();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {customer ? (
      <Suspense fallback={null}>
        <CustomerDisplay />
      </Suspense>
    ) : (
      <App />
    )}
  </StrictMode>,
);
