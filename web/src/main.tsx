import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startServiceWorker } from './ui/offline/new-version';
import './styles/tokens.css';
import './styles/base.css';
import './styles/ui.css';
import './styles/data-table.css';
import './styles/shell.css';
import './styles/pages.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

startServiceWorker();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
