import { describe, expect, it } from 'vitest';
import { clampView, cropSquareOf, initialView, maxZoomOf, zoomView } from './cropGeometry.ts';

const landscape = { width: 1000, height: 500 };
const VIEWPORT = 250;

describe('crop geometry', () => {
  it('starts centred with the short side filling the square', () => {
    const view = initialView(landscape, VIEWPORT);
    expect(view).toEqual({ zoom: 1, x: -125, y: 0 });
    expect(cropSquareOf(landscape, VIEWPORT, view)).toEqual({ crop_x: 250, crop_y: 0, crop_size: 500 });
  });

  it('never leaves an empty edge when dragged too far', () => {
    expect(clampView(landscape, VIEWPORT, { zoom: 1, x: 80, y: 30 })).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(clampView(landscape, VIEWPORT, { zoom: 1, x: -9999, y: 0 })).toEqual({ zoom: 1, x: -250, y: 0 });
    expect(cropSquareOf(landscape, VIEWPORT, { zoom: 1, x: -250, y: 0 })).toEqual({
      crop_x: 500,
      crop_y: 0,
      crop_size: 500,
    });
  });

  it('zooms about the centre and keeps the crop at least 120 pixels', () => {
    const zoomed = zoomView(landscape, VIEWPORT, initialView(landscape, VIEWPORT), 2);
    expect(cropSquareOf(landscape, VIEWPORT, zoomed)).toEqual({ crop_x: 375, crop_y: 125, crop_size: 250 });
    expect(maxZoomOf(landscape)).toBe(4);
    expect(maxZoomOf({ width: 300, height: 200 })).toBeCloseTo(200 / 120);
    const most = zoomView({ width: 300, height: 200 }, VIEWPORT, { zoom: 1, x: 0, y: 0 }, 10);
    expect(cropSquareOf({ width: 300, height: 200 }, VIEWPORT, most).crop_size).toBeGreaterThanOrEqual(120);
  });
});
