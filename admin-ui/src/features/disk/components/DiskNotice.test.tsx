import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setToken } from '../../../lib/api-client';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import type { DiskSpace } from '../api/disk';
import { DiskNotice } from './DiskNotice';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const GB = 1024 * 1024 * 1024;

describe('DiskNotice', () => {
  it('tells the dashboard where the disk is running out and what to do, once a disk, and nothing while there is room', async () => {
    setToken('tok');
    const low: DiskSpace = {
      low: true,
      folders: [
        { name: 'database', path: '/srv/data', free: 0.4 * GB, total: 20 * GB, low: true },
        { name: 'uploads', path: '/srv/data/uploads', free: 0.4 * GB, total: 20 * GB, low: true },
        { name: 'site', path: '/srv/www', free: 300 * GB, total: 500 * GB, low: false },
      ],
    };
    routeFetch({ 'GET /api/disk': () => jsonResponse(low) });
    const shown = renderAt('/admin/dashboard', '/admin/dashboard', <DiskNotice />);
    const notice = (await screen.findByText(/Low disk space/)).closest('.notice');
    expect(notice).toHaveTextContent(
      'Low disk space: 409.6 MB free of 20 GB on the disk that holds the database and the uploaded images (/srv/data). When it is full, uploads and enquiries cannot be saved.',
    );
    expect(screen.getAllByText(/Low disk space/)).toHaveLength(1);
    shown.unmount();

    const fetch = routeFetch({ 'GET /api/disk': () => jsonResponse({ ...low, low: false, folders: low.folders.map((f) => ({ ...f, low: false })) }) });
    const { container } = renderAt('/admin/dashboard', '/admin/dashboard', <DiskNotice />);
    await waitFor(() => expect(callsOf(fetch, 'GET /api/disk')).toHaveLength(1));
    expect(container.querySelector('.notice')).toBeNull();
  });
});
