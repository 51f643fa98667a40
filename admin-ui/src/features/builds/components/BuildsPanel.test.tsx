import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { serviceRecord } from '../../../test/fixtures';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { ContentPanel } from '../../content/components/ContentPanel';
import { serviceKind } from '../../services/kind';
import { BuildsPanel, POLL_MS } from './BuildsPanel';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const build = (id: number, reason: string, status: string) => ({
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
