// @vitest-environment jsdom
import '../../i18n.ts';
import '../settings/words.ts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AvatarCropDialog } from './AvatarCropDialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The dialog with a 1000x500 picture loaded (jsdom decodes no pictures: its size is given). */
function renderDialog() {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:picture', revokeObjectURL: () => {} }),
  );
  const onSave = vi.fn();
  const onClose = vi.fn();
  render(
    <AvatarCropDialog
      file={new File(['x'], 'me.png')}
      saving={false}
      error={null}
      onSave={onSave}
      onClose={onClose}
    />,
  );
  const image = screen.getByRole('dialog').querySelector('img')!;
  Object.defineProperty(image, 'naturalWidth', { value: 1000 });
  Object.defineProperty(image, 'naturalHeight', { value: 500 });
  fireEvent.load(image);
  return { onSave, onClose, area: screen.getByRole('group', { name: 'Your photo in its frame' }) };
}

describe('AvatarCropDialog', () => {
  it('starts centred, moves with the arrow keys and zooms with the slider and + / -', () => {
    const { onSave, area } = renderDialog();
    // The frame has the focus: the keys work at once.
    expect(document.activeElement).toBe(area);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({ crop_x: 250, crop_y: 0, crop_size: 500 });

    fireEvent.keyDown(area, { key: 'ArrowRight' });
    fireEvent.keyDown(area, { key: 'ArrowRight' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.lastCall![0].crop_x).toBeGreaterThan(250);

    fireEvent.change(screen.getByRole('slider', { name: 'Zoom' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.lastCall![0].crop_size).toBe(250);
    fireEvent.keyDown(area, { key: '-' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.lastCall![0].crop_size).toBeGreaterThan(250);
  });

  it('moves the picture by dragging, never past its edge', () => {
    const { onSave, area } = renderDialog();
    fireEvent.pointerDown(area, { pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(area, { pointerId: 1, clientX: 600, clientY: 100 });
    fireEvent.pointerUp(area, { pointerId: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({ crop_x: 0, crop_y: 0, crop_size: 500 });
  });

  it('closes on Escape', () => {
    const { onClose } = renderDialog();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
