import { ApiError } from '@quorum/client/api-error';
import type { FetchStatus } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoadFailed } from './load-failed.tsx';

function failed(error: Error | null, fetchStatus: FetchStatus = 'idle') {
  return { data: undefined, error, fetchStatus, isFetching: fetchStatus === 'fetching', refetch: () => undefined };
}

const networkError = new ApiError(0, null);
const serverError = new ApiError(500, { status: 500, code: '', message: 'boom' });

describe('LoadFailed', () => {
  it('says a screen saved for offline use is not available offline while the network is missing', () => {
    const waiting = renderToStaticMarkup(<LoadFailed query={failed(null, 'paused')} savedCopy="posts" />);
    expect(waiting).toContain('Not available offline</h1>');
    expect(waiting).toContain('These posts haven&#x27;t been saved on this device yet.');
    expect(waiting).toContain('>Retry</button>');
    expect(renderToStaticMarkup(<LoadFailed query={failed(networkError)} savedCopy="page" />)).toContain('This page hasn&#x27;t been saved');
  });

  it('gives the reason of a failure, on a page under a title and in a list in its place', () => {
    const page = renderToStaticMarkup(<LoadFailed query={failed(serverError)} variant="page" message="The post could not be loaded." />);
    expect(page).toContain('Something went wrong.</h1>');
    expect(page).toContain('The post could not be loaded.');
    expect(renderToStaticMarkup(<LoadFailed query={failed(networkError)} />)).toContain('<p>Make sure you&#x27;re connected to the internet</p>');
    const list = renderToStaticMarkup(<LoadFailed query={failed(serverError)} variant="compact" className="comments__error" message="Couldn't load the comments." />);
    expect(list).toContain('<div class="comments__error" role="alert"><p>Couldn&#x27;t load the comments.</p>');
    expect(list).toContain('class="button button--small"');
  });

  it('keeps Retry busy while the next attempt runs', () => {
    const html = renderToStaticMarkup(<LoadFailed query={failed(serverError, 'fetching')} />);
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-busy="true"');
  });
});
