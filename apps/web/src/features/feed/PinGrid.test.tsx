// @vitest-environment jsdom
import '../../i18n.ts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPin } from '../../test/pins.ts';
import { PinGrid } from './PinGrid.tsx';

afterEach(cleanup);

describe('PinGrid', () => {
  it('shows each pin as a list item with its image, title and pinner', () => {
    render(
      <PinGrid label="Home feed" pins={[buildPin({ id: '1' }), buildPin({ id: '2', title: 'Second' })]} />,
    );

    const items = within(screen.getByRole('list', { name: 'Home feed' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[1]!).getByRole('heading', { name: 'Second' })).toBeTruthy();
    expect(within(items[1]!).getByText('Ada Lovelace')).toBeTruthy();
  });

  it('uses the 236x rendition with its size and the dominant colour as placeholder', () => {
    render(
      <PinGrid label="Home feed" pins={[buildPin({ id: '5', title: 'Red', dominant_color: '#ff0000' })]} />,
    );

    const image = screen.getByRole('img', { name: 'Red' }) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/media/pins/5/236x.jpg');
    expect(image.getAttribute('width')).toBe('236');
    expect(image.getAttribute('height')).toBe('354');
    expect(image.style.backgroundColor).toBe('rgb(255, 0, 0)');
  });

  it('describes an untitled pin by its pinner and falls back to the username', () => {
    const pin = buildPin({ title: '', description: '' });
    render(<PinGrid label="Home feed" pins={[{ ...pin, pinner: { ...pin.pinner, full_name: '' } }]} />);

    expect(screen.getByRole('img', { name: 'Pin by ada' })).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
