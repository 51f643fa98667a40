import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { jsonResponse, routeFetch } from '../../../test/utils';
import { EnquiriesPanel, mailtoHref } from './EnquiriesPanel';
import { records } from '../../../test/api';

afterEach(() => vi.unstubAllGlobals());

describe('EnquiriesPanel', () => {
  it("links a visitor's address so that nothing in it becomes a recipient or a body", async () => {
    const hostile = 'visitor@example.com?bcc=evil@example.com&body=hi';
    routeFetch({
      'GET /popups/counts': jsonResponse({ new: 1, replied: 0, archived: 0, spam: 0, all: 1 }),
      'GET /popups?limit=50&status=new': jsonResponse([
        { ...records.message(), _id: '1', name: 'Asha', email: hostile, phone: '9811045672', message: 'Hello', createdAt: '2026-01-02T03:04:05Z', status: 'new' },
      ]),
    });
    render(
      <MemoryRouter>
        <EnquiriesPanel />
      </MemoryRouter>,
    );
    const link = await screen.findByRole('link', { name: hostile });
    const href = link.getAttribute('href') ?? '';
    expect(href).toBe('mailto:visitor%40example.com%3Fbcc%3Devil@example.com%26body%3Dhi');
    expect(href).not.toMatch(/[?&,]/);
  });

  it('keeps a plain address readable', () => {
    expect(mailtoHref('asha.verma+leads@example.in')).toBe('mailto:asha.verma%2Bleads@example.in');
  });
});
