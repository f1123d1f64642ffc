// Entry point of the explorer page.
import { render } from 'preact';
import { App } from './app';
import { connect } from './connect';
import './styles/theme.css';
import './styles/layout.css';
import './styles/panels.css';
import './styles/live.css';

const root = document.getElementById('app');
if (!root) throw new Error('explorer: the page has no #app element; the index.html in src/renderer/explorer is the one to load');
render(<App connection={connect()} />, root);
