import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { blogKind } from '../../blogs/kind';
import { serviceKind } from '../../services/kind';
import type { Schedule } from '../../content/api/content';
import { SchedulesPanel } from './SchedulesPanel';
import { SessionValue } from '../../../lib/session';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const soon: Schedule = {
  id: 4, kind: 'blogs', slug: 'diwali-offers', title: 'Diwali offers', action: 'publish', at: '2030-10-20T03:30:00Z',
  status: 'scheduled', attempts: 0, applied: false, username: 'asha',
};
const failed: Schedule = {
  id: 5, kind: 'services', slug: 'festive-seo', title: 'Festive SEO', action: 'unpublish', at: '2030-10-21T03:30:00Z',
  status: 'failed', attempts: 8, applied: true, username: 'ravi', error: 'render: the renderer crashed',
};

describe('SchedulesPanel', () => {
  it('lists each schedule with its time and failure, moves one and cancels one after the confirmation', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'PUT /api/schedules/4': () => jsonResponse({ message: 'Rescheduled.', schedule: soon }),
      'DELETE /api/schedules/5': () => jsonResponse({ message: 'Schedule cancelled.' }),
      'PUT /api/schedules/5': () => jsonResponse({ message: 'Rescheduled.', schedule: failed }),
    });
    renderAt('/admin/dashboard', '/admin/dashboard', <SchedulesPanel kinds={[blogKind, serviceKind]} schedules={[soon, failed]} loading={false} error={false} />);
    expect(screen.getByRole('link', { name: 'Diwali offers' })).toHaveAttribute('href', '/admin/preview-blog/diwali-offers');
    expect(screen.getByText('render: the renderer crashed')).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change the time of Diwali offers' }));
    const when = screen.getByLabelText(/^New time/);
    await userEvent.clear(when);
    await userEvent.type(when, '2031-01-02T10:15');
    await userEvent.click(screen.getByRole('button', { name: 'Save time' }));
    expect(await screen.findByText(/Rescheduled for/)).toBeInTheDocument();
    const [put] = callsOf(fetch, 'PUT /api/schedules/4');
    expect(JSON.parse(put.body as string).at).toBe(new Date('2031-01-02T10:15').toISOString());

    // A failed one can be tried again at once.
    await userEvent.click(screen.getByRole('button', { name: 'Try again now' }));
    expect(await screen.findByText('Trying again now.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel the schedule of Festive SEO' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Cancel the scheduled unpublish of “Festive SEO”?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel schedule' }));
    expect(await screen.findByText('The scheduled unpublish is cancelled.')).toBeInTheDocument();
    expect(callsOf(fetch, 'DELETE /api/schedules/5')).toHaveLength(1);
  }, 15000);

  it('shows a schedule an editor\'s change put on hold, and publishes the draft as it is now on the admin\'s word', async () => {
    setToken('tok');
    const held: Schedule = {
      ...soon, id: 6, status: 'held', hold: 'edited', heldBy: 'edith',
      error: 'On hold: edith changed the draft after it was scheduled. Review the draft, then schedule it again.',
    };
    const fetch = routeFetch({ 'PUT /api/schedules/6': () => jsonResponse({ message: 'Rescheduled.', schedule: { ...held, status: 'scheduled' } }) });
    renderAt('/admin/dashboard', '/admin/dashboard', <SchedulesPanel kinds={[blogKind]} schedules={[held]} loading={false} error={false} />);
    expect(screen.getByText('On hold')).toBeInTheDocument();
    expect(screen.getByText(/edith changed the draft after it was scheduled/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Diwali offers' })).toHaveAttribute('href', '/admin/preview-blog/diwali-offers');
    await userEvent.click(screen.getByRole('button', { name: 'Publish as it is now' }));
    expect(await screen.findByText('Publishing the draft as it is now.')).toBeInTheDocument();
    expect(callsOf(fetch, 'PUT /api/schedules/6')).toHaveLength(1);
  });

  it('refuses a time in the past', async () => {
    setToken('tok');
    const fetch = routeFetch({});
    renderAt('/admin/dashboard', '/admin/dashboard', <SchedulesPanel kinds={[blogKind]} schedules={[soon]} loading={false} error={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change the time of Diwali offers' }));
    const when = screen.getByLabelText(/^New time/);
    await userEvent.clear(when);
    await userEvent.type(when, '2020-01-02T10:15');
    await userEvent.click(screen.getByRole('button', { name: 'Save time' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a time in the future.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows an editor the schedules without the buttons only admins may use, and says why', () => {
    const fetch = routeFetch({});
    renderAt(
      '/admin/dashboard',
      '/admin/dashboard',
      <SessionValue me={{ username: 'meera', email: 'meera@example.com', role: 'editor' }}>
        <SchedulesPanel kinds={[blogKind, serviceKind]} schedules={[soon, failed]} loading={false} error={false} />
      </SessionValue>,
    );
    expect(screen.getByRole('link', { name: 'Diwali offers' })).toBeInTheDocument();
    expect(screen.getByText('render: the renderer crashed')).toBeInTheDocument();
    for (const name of [/Change the time/, /Cancel the schedule/, 'Try again now']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.getByText('Only an admin may change or cancel a schedule.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
