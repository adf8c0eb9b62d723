import { render } from 'preact';
import 'leaflet/dist/leaflet.css';
import { App } from './app';
import './style.css';

render(<App />, document.getElementById('app') as HTMLElement);
