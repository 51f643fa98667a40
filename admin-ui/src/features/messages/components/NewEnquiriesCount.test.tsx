import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { setToken } from '../../../lib/api-client';
import { jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { ENQUIRIES_CHANGED } from '../api/messages';
import { NewEnquiriesCount } from './NewEnquiriesCount';

afterEach(() => vi.unstubAllGlobals());

describe('NewEnquiriesCount', () => {
  it('shows how many enquiries are new, follows a change in the inbox, and is gone when none is new', async () => {
    setToken('tok');
    let fresh = 3;
    routeFetch({ 'GET /popups/counts': () => jsonResponse({ new: fresh, replied: 0, archived: 0, spam: 0, all: fresh }) });
    renderAt('/admin/dashboard', '/admin/dashboard', <p>Enquiries <NewEnquiriesCount /></p>);
    const link = screen.getByText(/^Enquiries/);
    await waitFor(() => expect(link.textContent).toBe('Enquiries 3 new'));
    fresh = 2;
    act(() => void window.dispatchEvent(new Event(ENQUIRIES_CHANGED)));
    await waitFor(() => expect(link.textContent).toBe('Enquiries 2 new'));
    fresh = 0;
    act(() => void window.dispatchEvent(new Event(ENQUIRIES_CHANGED)));
    await waitFor(() => expect(link.textContent).toBe('Enquiries '));
  });
});
