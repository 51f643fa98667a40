import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
// The shared stylesheets first, in this order; each feature's stylesheet is imported by its own
// components, so it comes after these (and a lazily loaded screen brings its own).
import './styles/base.css';
import './styles/shell.css';
import './styles/cards.css';
import './styles/lists.css';
import './styles/buttons.css';
import './styles/forms.css';
import './styles/editor.css';
import './styles/preview.css';
import './styles/overlays.css';
import { App } from './app/App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
