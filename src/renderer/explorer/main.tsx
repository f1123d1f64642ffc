import { render } from 'preact';

render(<p>explorer</p>, document.getElementById('app')!);
