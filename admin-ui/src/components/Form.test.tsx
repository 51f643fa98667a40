import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Form } from './Form';

afterEach(() => {
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
});

describe('Form', () => {
  it("brings the failure of a submit into view: the editor pressed the button at the form's foot", () => {
    const shown = vi.fn();
    Element.prototype.scrollIntoView = shown; // jsdom lays out nothing and has none
    const { rerender } = render(<Form onSubmit={() => {}}><button type="submit">Save</button></Form>);
    expect(shown).not.toHaveBeenCalled();
    rerender(<Form onSubmit={() => {}} failure="Failed to save blog. Image is too large (5 MB at most)."><button type="submit">Save</button></Form>);
    expect(screen.getByRole('alert').textContent).toContain('Image is too large');
    expect(shown).toHaveBeenCalledTimes(1);
    expect(shown.mock.contexts[0]).toBe(screen.getByRole('alert'));
  });
});
