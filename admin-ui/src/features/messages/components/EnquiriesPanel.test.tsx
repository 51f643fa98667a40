import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { jsonResponse, stubFetch } from '../../../test/utils';
import { EnquiriesPanel, mailtoHref } from './EnquiriesPanel';

afterEach(() => vi.unstubAllGlobals());

describe('EnquiriesPanel', () => {
  it("links a visitor's address so that nothing in it becomes a recipient or a body", async () => {
    const hostile = 'visitor@example.com?bcc=evil@example.com&body=hi';
    stubFetch(jsonResponse([{ _id: '1', name: 'Asha', email: hostile, phone: '9811045672', message: 'Hello', createdAt: '2026-01-02T03:04:05Z' }]));
    render(<EnquiriesPanel />);
    const link = await screen.findByRole('link', { name: hostile });
    const href = link.getAttribute('href') ?? '';
    expect(href).toBe('mailto:visitor%40example.com%3Fbcc%3Devil@example.com%26body%3Dhi');
    expect(href).not.toMatch(/[?&,]/);
  });

  it('keeps a plain address readable', () => {
    expect(mailtoHref('asha.verma+leads@example.in')).toBe('mailto:asha.verma%2Bleads@example.in');
  });
});
