import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { serviceRecord } from '../../../test/fixtures';
import { callsOf, jsonResponse, renderAt, routeFetch, stubFetch } from '../../../test/utils';
import { ContentPanel } from '../../content/components/ContentPanel';
import { serviceKind } from '../../services/kind';
import { BuildsPanel, POLL_MS } from './BuildsPanel';
import { records } from '../../../test/api';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

// A build record as the handlers answer it (api-fixture.json), with this test's numbers.
const build = (id: number, reason: string, status: string) => ({
  ...records.build(),
  id,
  reason,
  status,
  pagesRendered: 6,
  pagesUnchanged: 30,
  ms: 150,
  startedAt: '2025-03-02T10:00:00Z',
});

describe('BuildsPanel', () => {
  it('shows the build a delete started without a reload, and follows it until it is done', async () => {
    setToken('tok');
    // The server's list: before the delete, after it (the build running), then done.
    const answers = [
      [build(1, 'startup', 'ok')],
      [build(2, 'service deleted: local-seo', 'running'), build(1, 'startup', 'ok')],
      [build(2, 'service deleted: local-seo', 'ok'), build(1, 'startup', 'ok')],
    ];
    let served = 0;
    const fetch = routeFetch({
      'GET /api/services': () => jsonResponse([serviceRecord]),
      'DELETE /api/services/local-seo': () => jsonResponse({ message: 'Service deleted successfully.', build: build(2, '', 'queued') }),
      'GET /api/builds': () => jsonResponse(answers[Math.min(served++, answers.length - 1)]),
    });
    renderAt(
      '/admin/dashboard',
      '/admin/dashboard',
      <>
        <ContentPanel kind={serviceKind} stage="published" />
        <BuildsPanel />
      </>,
    );
    const builds = await screen.findByRole('region', { name: 'Website builds' });
    await within(builds).findByText('startup');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Local SEO' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await within(builds).findByText('service deleted: local-seo')).toBeInTheDocument();
    expect(within(builds).getByText('Building')).toBeInTheDocument();
    // While it runs the panel asks again every POLL_MS, until the build says Done.
    await waitFor(() => expect(within(builds).getAllByText('Done')).toHaveLength(2), { timeout: POLL_MS * 3 });
    expect(callsOf(fetch, 'GET /api/builds').length).toBeGreaterThanOrEqual(3);
  });
});

const base = { reason: 'blog published: a', pagesRendered: 6, pagesUnchanged: 2000, ms: 900, startedAt: '2026-03-01T10:00:00Z' };
const deployed = {
  ...base,
  id: 1,
  status: 'ok',
  deploy: { target: 's3://www-example/', status: 'ok', uploaded: 8, deleted: 1, bytes: 430000, unchanged: 2240, ms: 250,
    changed: ['blog/a/index.html', 'index.html', 'blog/gone/index.html'] },
};
const failed = {
  ...base,
  id: 2,
  status: 'failed',
  error: 'the site was built but not deployed to s3://www-example/: upload …: NoSuchBucket',
  deploy: { target: 's3://www-example/', status: 'failed', uploaded: 0, deleted: 0, bytes: 0, unchanged: 0, ms: 30,
    error: 'upload s3://www-example/index.html: NoSuchBucket: bucket "www-example" does not exist' },
};

describe('BuildsPanel with a deploy target', () => {
  it('shows where the site went live and the objects that changed', async () => {
    setToken('tok');
    stubFetch(jsonResponse([deployed]));
    renderAt('/admin/dashboard', '/admin/dashboard', <BuildsPanel />);
    expect(await screen.findByText(/Live on s3:\/\/www-example\/: 8 uploaded \(420 kB\), 1 deleted/)).toBeInTheDocument();
    await userEvent.click(screen.getByText('Changed objects'));
    expect(screen.getByText('blog/a/index.html')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Retry deploy/ })).toBeNull();
  });

  it('offers a retry when the newest deploy failed, and retries with a rebuild', async () => {
    setToken('tok');
    const fetch = stubFetch(
      jsonResponse([failed, deployed]),
      jsonResponse({ build: { ...base, id: 3, status: 'queued' } }, 202),
      jsonResponse([{ ...deployed, id: 3 }, failed, deployed]),
    );
    renderAt('/admin/dashboard', '/admin/dashboard', <BuildsPanel />);
    expect(await screen.findByText(/Not on s3:\/\/www-example\/: upload .* does not exist/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Retry deploy/ }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    const [url, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/builds');
    expect(init.method).toBe('POST');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Retry deploy/ })).toBeNull());
  });
});
