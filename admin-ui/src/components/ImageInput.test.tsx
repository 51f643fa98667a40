import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ImageInput } from './ImageInput';
import { MAX_IMAGE_BYTES, MSG_IMAGE_TOO_LARGE, MSG_IMAGE_UNREADABLE } from '../lib/upload';

const png = (bytes: number) => new File([new Uint8Array(bytes)], 'photo.png', { type: 'image/png' });

describe('ImageInput', () => {
  it('says what its file button does, and names the chosen file (no "No file chosen" beside a picture)', () => {
    const { rerender } = render(<ImageInput label="Cover image" file={null} onFile={() => {}} />);
    const input = screen.getByLabelText(/Cover image/) as HTMLInputElement;
    expect(screen.getByText('Upload a file').closest('label')?.htmlFor).toBe(input.id);
    rerender(<ImageInput label="Cover image" current="/uploads/a1.png" file={null} onFile={() => {}} />);
    expect(screen.getByText('Upload another file')).toBeTruthy();
    rerender(<ImageInput label="Cover image" current="/uploads/a1.png" file={png(10)} onFile={() => {}} />);
    expect(screen.getByText('photo.png')).toBeTruthy();
  });

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

  it('refuses a chosen file whose thumbnail cannot be shown (no picture, though named .png), and a chosen file can be put back', () => {
    const onFile = vi.fn();
    const fake = new File(['not a picture at all'], 'fake.png', { type: 'image/png' });
    const { rerender } = render(<ImageInput label="Cover image" file={null} onFile={onFile} />);
    const input = screen.getByLabelText(/Cover image/) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [fake] } });
    expect(onFile).toHaveBeenLastCalledWith(fake);
    rerender(<ImageInput label="Cover image" file={fake} onFile={onFile} />);
    fireEvent.error(screen.getByRole('img', { name: 'Chosen picture' }));
    expect(onFile).toHaveBeenLastCalledWith(null);
    expect(screen.getByText(MSG_IMAGE_UNREADABLE)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');

    const ok = png(100);
    fireEvent.change(input, { target: { files: [ok] } });
    expect(onFile).toHaveBeenLastCalledWith(ok);
    rerender(<ImageInput label="Cover image" file={ok} onFile={onFile} />);
    expect(screen.queryByText(MSG_IMAGE_UNREADABLE)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "Don't use this file" }));
    expect(onFile).toHaveBeenLastCalledWith(null);
  });
});
