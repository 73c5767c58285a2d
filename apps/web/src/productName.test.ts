import { ERRORS } from '@pinboard/shared';
import { describe, expect, it } from 'vitest';

// Every English text the person reads: the web app's locales and the server's error catalogue.
const LOCALES = import.meta.glob<Record<string, unknown>>('./locales/en/*.json', {
  eager: true,
  import: 'default',
});

function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, path ? `${path}.${key}` : key));
  return [];
}

// Texts name the product Pinboard, never 'the product' or Pinterest.
const OTHER_NAME = /pinterest|\bthe product\b/i;

describe('the product is called Pinboard', () => {
  it('in every locale text', () => {
    const texts = Object.entries(LOCALES).flatMap(([file, json]) => strings(json, file));
    expect(texts.filter(([, text]) => OTHER_NAME.test(text))).toEqual([]);
  });

  it('in every error message', () => {
    const messages = Object.entries(ERRORS).map(([code, entry]) => [code, entry.message]);
    expect(messages.filter(([, text]) => OTHER_NAME.test(text!))).toEqual([]);
  });
});
