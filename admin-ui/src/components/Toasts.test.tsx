import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { resetToasts, toast, TOAST_DURATION_MS } from '../lib/toast';
import { Toasts } from './Toasts';

afterEach(() => resetToasts());

/** A ref that gives an element the box a browser would lay out for it (jsdom lays out nothing). */
const at = (top: number, height: number) => (el: HTMLElement | null) => {
  if (el) el.getBoundingClientRect = () => ({ top, bottom: top + height, left: 900, right: 1300, width: 400, height, x: 900, y: top, toJSON: () => ({}) });
};

describe('Toasts', () => {
  it('start below the controls marked to stay visible (top bar, page actions), top right', () => {
    render(
      <>
        <header data-toast-avoid ref={at(0, 60)} />
        <div data-toast-avoid ref={at(96, 44)}>
          <button type="button">Publish</button>
        </div>
        <Toasts />
      </>,
    );
    act(() => {
      toast.success('Blog updated successfully.');
    });
    expect(screen.getByLabelText('Notifications')).toHaveStyle({ top: '150px' });
  });

  it('ignore marked controls in the lower half of the window or scrolled away', () => {
    render(
      <>
        <div data-toast-avoid ref={at(window.innerHeight - 80, 44)} />
        <div data-toast-avoid ref={at(-200, 44)} />
        <Toasts />
      </>,
    );
    act(() => {
      toast.success('Saved.');
    });
    expect(screen.getByLabelText('Notifications').style.top).toBe('');
  });

  it('are a named region, and stay while pointed at or focused, then go after their full time', () => {
    vi.useFakeTimers();
    try {
      render(<Toasts />);
      act(() => {
        toast.success('Blog updated successfully.');
      });
      expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
      const shown = screen.getByRole('status');
      act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1000));
      fireEvent.mouseEnter(shown);
      act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
      expect(screen.getByText('Blog updated successfully.')).toBeInTheDocument();
      fireEvent.mouseLeave(shown);
      act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1000));
      expect(screen.getByText('Blog updated successfully.')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByText('Blog updated successfully.')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
