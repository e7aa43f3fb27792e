import { render } from 'preact';
import { App } from './app.tsx';
import { endSession, loadSession } from './state/session.ts';
import { announceError } from './state/status.ts';
import './styles.css';

const root = document.getElementById('app');
if (root) render(<App />, root);
loadSession().catch((error: unknown) => {
  endSession();
  announceError(error);
});
