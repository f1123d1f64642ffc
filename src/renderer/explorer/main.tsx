// Entry point of the explorer page. It first makes the browser language valid for Intl (the
// chart library formats with it at load), then loads the app; an error while loading or starting
// is shown in the page and on the console instead of leaving it blank.
import { guardNavigatorLocale, showStartupError } from './boot';
import './styles/theme.css';
import './styles/layout.css';
import './styles/panels.css';
import './styles/live.css';

const replaced = guardNavigatorLocale();
if (replaced !== undefined) console.info(`explorer: the browser language "${replaced}" is not a valid locale; formatting as en-US`);

const root = document.getElementById('app');
if (!root) throw new Error('explorer: the page has no #app element; the index.html in src/renderer/explorer is the one to load');
import('./start').then(
  (m) => {
    try {
      m.start(root);
    } catch (err) {
      showStartupError(root, err);
    }
  },
  (err: unknown) => showStartupError(root, err),
);
