import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { CustomerDisplay } from './features/customer/CustomerDisplay';
import './i18n';
import './styles.css';

// `#/cliente` is the customer-facing display (its own window in Electron).
const customer = location.hash.startsWith('#/cliente');
createRoot(document.getElementById('root')!).render(
  <StrictMode>{customer ? <CustomerDisplay /> : <App />}</StrictMode>,
);
