import { setupServer } from 'msw/node';

/** The API the screens under test talk to; `renderRoute` and the tests add its answers. */
export const server = setupServer();
