import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ImageInput } from './ImageInput';
import { MAX_IMAGE_BYTES, MSG_IMAGE_TOO_LARGE } from '../lib/upload';

const png = (bytes: number) => new File([new Uint8Array(bytes)], 'photo.png', { type: 'image/png' });

describe('ImageInput', () => {
  it("refuses a picture over the server's limit when it is picked, beside the field, with the server's message", () => {
    const onFile = vi.fn();
    render(<ImageInput label="Cover image" file={null} onFile={onFile} />);
    const input = screen.getByLabelText(/Cover image/) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [png(MAX_IMAGE_BYTES + 1)] } });
    expect(onFile).toHaveBeenLastCalledWith(null);
    expect(screen.getByText(MSG_IMAGE_TOO_LARGE)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');

    const ok = png(MAX_IMAGE_BYTES);
    fireEvent.change(input, { target: { files: [ok] } });
    expect(onFile).toHaveBeenLastCalledWith(ok);
    expect(screen.queryByText(MSG_IMAGE_TOO_LARGE)).toBeNull();
  });
});
