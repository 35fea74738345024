import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import '../src/styles/tokens.css';

/*
 * MSW runs in every story (msw-storybook-addon 3, CSF 3 API). A story mocks the network with
 *   parameters: { msw: [http.get('/api/...', () => HttpResponse.json(...))] }
 * or in its beforeEach({ msw }) with msw.use(...). Handlers are reset between stories.
 */
const preview: Preview = {
  loaders: [mswLoader()],
  parameters: {
    layout: 'padded',
  },
};

export default preview;
