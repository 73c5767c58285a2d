// @vitest-environment jsdom
import '../../i18n.ts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookmarkletHref, bookmarkletSource } from './bookmarkletCode.ts';
import { BookmarkletPage } from '../../routes/BookmarkletPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

function addImage(src: string, width: number, height: number) {
  const image = document.createElement('img');
  image.src = src;
  Object.defineProperty(image, 'naturalWidth', { value: width });
  Object.defineProperty(image, 'naturalHeight', { value: height });
  document.body.append(image);
}

/** Runs the bookmarklet on the current document, as a bookmark would; returns what it opened. */
function runBookmarklet() {
  const open = vi.fn();
  vi.stubGlobal('open', open);
  const before = document.documentElement.outerHTML;
  new Function(bookmarkletSource('https://pins.example'))();
  // It only reads the page: nothing added or changed.
  expect(document.documentElement.outerHTML).toBe(before);
  expect(open).toHaveBeenCalledOnce();
  const [url, , features] = open.mock.calls[0] as [string, string, string];
  return { url: new URL(url), features };
}

describe('the bookmarklet', () => {
  it('opens a 750x750 popup on the pin-create page with the largest image of 120 px or more', () => {
    document.title = 'Lamps';
    document.head.innerHTML = '<meta property="og:description" content="Copper lamps">';
    addImage('https://shop.example/small.jpg', 400, 100);
    addImage('https://shop.example/big.jpg', 800, 600);
    addImage('https://shop.example/medium.jpg', 300, 300);

    const { url, features } = runBookmarklet();
    expect(`${url.origin}${url.pathname}`).toBe('https://pins.example/pin/create/button/');
    expect(url.searchParams.get('url')).toBe(window.location.href);
    expect(url.searchParams.get('media')).toBe('https://shop.example/big.jpg');
    expect(url.searchParams.get('description')).toBe('Copper lamps');
    expect(url.searchParams.get('guid')).toMatch(/^[a-z0-9]+$/);
    expect(features).toContain('width=750');
    expect(features).toContain('height=750');
  });

  it('falls back to og:image, then to nothing (the page then looks the link up)', () => {
    document.head.innerHTML = '<meta property="og:image" content="/og.jpg">';
    addImage('https://shop.example/icon.png', 64, 64);
    expect(runBookmarklet().url.searchParams.get('media')).toBe(
      new URL('/og.jpg', window.location.href).href,
    );

    document.head.innerHTML = '';
    expect(runBookmarklet().url.searchParams.get('media')).toBe('');
  });

  it('is a javascript: address holding the same script', () => {
    const href = bookmarkletHref('https://pins.example');
    expect(href.startsWith('javascript:')).toBe(true);
    expect(decodeURIComponent(href.slice('javascript:'.length))).toBe(
      bookmarkletSource('https://pins.example'),
    );
  });
});

describe('BookmarkletPage', () => {
  it('sets the javascript: address on the link after mount (React refuses it as a prop)', () => {
    render(<BookmarkletPage />);
    const link = screen.getByRole('link', { name: 'Save to Pinboard' });
    expect(link.getAttribute('href')).toBe(bookmarkletHref(window.location.origin));
    fireEvent.click(link);
    expect(screen.getByRole('alert').textContent).toContain('Drag this button to your bookmarks bar.');
  });
});
