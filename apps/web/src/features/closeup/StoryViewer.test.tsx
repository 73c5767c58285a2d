// @vitest-environment jsdom
import '../../i18n.ts';
import type { StoryPage } from '@pinboard/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPin } from '../../test/pins.ts';
import { PinMedia } from './PinMedia.tsx';
import { StoryViewer } from './StoryViewer.tsx';

afterEach(cleanup);

const page = (n: number, text: string): StoryPage => {
  const image = { url: `/media/page-${n}.jpg`, width: 720, height: 1280 };
  return { images: { '236x': image, '474x': image, '736x': image, orig: image }, video: null, text };
};

describe('StoryViewer', () => {
  it('steps through the pages with the buttons and the arrow keys', () => {
    render(
      <StoryViewer pages={[page(1, 'Start here'), page(2, ''), page(3, 'The end')]} label="Lamp ideas" />,
    );
    const story = screen.getByRole('region', { name: 'Lamp ideas' });
    expect(story.getAttribute('aria-roledescription')).toBe('Idea Pin');
    expect(screen.getByRole('img', { name: 'Page 1 of 3' }).getAttribute('src')).toBe('/media/page-1.jpg');
    expect(screen.getByText('Start here')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.queryByText('Start here')).toBeNull();
    expect(story.querySelectorAll('li[class]')).toHaveLength(2);

    fireEvent.keyDown(story, { key: 'ArrowRight' });
    expect(screen.getByText('The end')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(story, { key: 'ArrowRight' });
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();

    fireEvent.keyDown(story, { key: 'ArrowLeft' });
    expect(screen.getByRole('img', { name: 'Page 2 of 3' })).toBeTruthy();
  });
});

describe('PinMedia', () => {
  it('plays a video pin with controls over its poster and shows its length', () => {
    const video = { url: '/media/v.mp4', duration_ms: 75_000, width: 720, height: 1280 };
    const { container } = render(<PinMedia pin={buildPin({ id: '5', video })} alt="A lamp" />);
    const player = container.querySelector('video')!;
    expect(player.getAttribute('src')).toBe('/media/v.mp4');
    expect(player.getAttribute('poster')).toBe('/media/pins/5/736x.jpg');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(screen.getByText('Video, 1:15')).toBeTruthy();
  });

  it('shows an idea pin as a story once its viewer has loaded', async () => {
    render(<PinMedia pin={buildPin({ story_page_count: 1, story_pages: [page(1, 'Hi')] })} alt="A lamp" />);
    expect(await screen.findByRole('region', { name: 'A lamp' })).toBeTruthy();
  });
});
