/** Pins: a pin, a person's pins, related pins, saving, creating, uploads and images found on a page. */
export const pinEndpoints = {};
