// @vitest-environment jsdom
import '../../i18n.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestedUrls, stubApi, success } from '../../test/apiStub.ts';
import { HashtagTextarea } from './HashtagTextarea.tsx';
import { findHashtagToken } from './hashtagToken.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tags = ['#lamps', '#lampshade', '#lamp_diy', '#lampwork', '#lampblack', '#lampoon'];

function renderField() {
  const fetch = stubApi({
    listHashtagSuggestions: ({ url }) => {
      const q = url.searchParams.get('q')!;
      return success(
        tags.filter((tag) => tag.startsWith(`#${q}`)).map((query, i) => ({ query, pin_count: 10 - i })),
      );
    },
  });
  function Field() {
    const [value, setValue] = useState('');
    return <HashtagTextarea aria-label="Description" value={value} onValueChange={setValue} />;
  }
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Field />
    </QueryClientProvider>,
  );
  const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' });
  const type = (text: string) => {
    fireEvent.change(field, {
      target: { value: text, selectionStart: text.length, selectionEnd: text.length },
    });
  };
  return { fetch, field, type };
}

const autocompleteCalls = (fetch: ReturnType<typeof stubApi>) =>
  requestedUrls(fetch).filter((url) => url.includes('/v3/search/autocomplete/'));
const optionTexts = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('HashtagTextarea', () => {
  it('shows at most 5 suggestions with pin counts once typing pauses, asking only for the last tag', async () => {
    const { fetch, type } = renderField();
    type('Bright #l');
    type('Bright #la');
    type('Bright #lam');

    expect(await screen.findByRole('listbox', { name: 'Hashtag suggestions' })).toBeTruthy();
    expect(optionTexts()).toEqual([
      '#lamps10 Pins',
      '#lampshade9 Pins',
      '#lamp_diy8 Pins',
      '#lampwork7 Pins',
      '#lampblack6 Pins',
    ]);
    expect(autocompleteCalls(fetch)).toHaveLength(1);
    expect(new URL(autocompleteCalls(fetch)[0]!, 'http://localhost').searchParams.get('q')).toBe('lam');
    expect(new URL(autocompleteCalls(fetch)[0]!, 'http://localhost').searchParams.get('show_pin_count')).toBe(
      'true',
    );
  });

  it('moves with up and down (stopping at the ends) and Enter puts the tag in place of what was typed', async () => {
    const { field, type } = renderField();
    type('Bright #lam');
    await screen.findByRole('listbox');

    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[2]!.id);
    fireEvent.keyDown(field, { key: 'Enter' });

    expect(field.value).toBe('Bright #lamp_diy ');
    expect(field.selectionStart).toBe('Bright #lamp_diy '.length);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('inserts a clicked suggestion, keeping the text after it', async () => {
    const { field } = renderField();
    fireEvent.change(field, { target: { value: 'A #lam lamp', selectionStart: 6, selectionEnd: 6 } });

    fireEvent.click(await screen.findByText('#lampwork'));

    expect(field.value).toBe('A #lampwork lamp');
  });

  it('closes with Escape until another tag is typed', async () => {
    const { field, type } = renderField();
    type('#lam');
    await screen.findByRole('listbox');

    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();

    type('#lamp');
    expect(await screen.findByRole('listbox')).toBeTruthy();
  });

  it('asks once per query: going back to a prefix uses the cached answer', async () => {
    const { fetch, type } = renderField();
    type('#lam');
    await screen.findByRole('listbox');
    type('#lamps');
    await waitFor(() => expect(optionTexts()).toEqual(['#lamps10 Pins', '#lampshade9 Pins']));
    type('#lam');
    await waitFor(() => expect(optionTexts()).toHaveLength(5));

    expect(
      autocompleteCalls(fetch).map((url) => new URL(url, 'http://localhost').searchParams.get('q')),
    ).toEqual(['lam', 'lamps']);
  });

  it('shows nothing without a hashtag at the caret', async () => {
    const { fetch, type } = renderField();
    type('a#lam and #');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(autocompleteCalls(fetch)).toHaveLength(0);
  });
});

describe('findHashtagToken', () => {
  it('finds the tag before the caret and the rest of its word', () => {
    expect(findHashtagToken('x #lam', 6)).toEqual({ start: 2, end: 6, query: 'lam' });
    expect(findHashtagToken('#lamps', 3)).toEqual({ start: 0, end: 6, query: 'lamps' });
    expect(findHashtagToken('&#39;', 5)).toBeNull();
    expect(findHashtagToken('#lam ', 5)).toBeNull();
  });
});
