// @vitest-environment jsdom
import '../../i18n.ts';
import './words.ts';
import type { Advisory } from '@pinboard/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { advisoryText, buildAdvisory } from '../../test/search.ts';
import { AdvisoryNotice } from './AdvisoryNotice.tsx';
import { noticeSegments } from './noticeText.ts';

const text = advisoryText;

function renderNotice(advisory: Advisory) {
  render(
    <MemoryRouter>
      <AdvisoryNotice advisory={advisory} />
    </MemoryRouter>,
  );
  return screen.getByRole('complementary', { name: 'You are not alone' });
}

afterEach(cleanup);

describe('noticeSegments', () => {
  it('cuts the text into plain runs and links by offset and length, in offset order', () => {
    const tags = buildAdvisory().advisory_details.description.tags;
    expect(noticeSegments(text, tags)).toEqual([
      { text: 'If you or someone you know is struggling, ', link: null },
      { text: 'help', link: 'https://help.example.org/' },
      { text: ' is available. ', link: null },
      { text: 'Read our guide', link: '/_/_/policy/wellbeing/' },
      { text: '.', link: null },
    ]);
  });

  it('ignores a tag that overlaps an earlier one or runs past the end, keeping the whole text', () => {
    const segments = noticeSegments('abcdef', [
      { tagType: 'link', offset: 0, length: 3, link: '/a/' },
      { tagType: 'link', offset: 2, length: 2, link: '/b/' },
      { tagType: 'link', offset: 5, length: 4, link: '/c/' },
    ]);
    expect(segments).toEqual([
      { text: 'abc', link: '/a/' },
      { text: 'def', link: null },
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe('abcdef');
  });
});

describe('AdvisoryNotice', () => {
  it('shows the title, the description with its link tags as links, the actions and the footer', () => {
    const notice = renderNotice(buildAdvisory());

    expect(within(notice).getByRole('heading', { level: 2, name: 'You are not alone' })).toBeTruthy();
    expect(notice.textContent).toContain(text);
    expect(within(notice).getByRole('link', { name: 'help' }).getAttribute('href')).toBe(
      'https://help.example.org/',
    );
    expect(within(notice).getByRole('link', { name: 'Read our guide' }).getAttribute('href')).toBe(
      '/_/_/policy/wellbeing/',
    );
    const actions = within(notice).getByRole('list', { name: 'What you can do' });
    expect(within(actions).getByRole('heading', { level: 3, name: 'Talk to someone' })).toBeTruthy();
    expect(within(actions).getByText('Free, confidential, any time.')).toBeTruthy();
    expect(within(notice).getByText('Shown for searches that may be about difficult topics.')).toBeTruthy();
    expect(notice.getAttribute('data-style')).toBe('warning');
  });

  it.each([
    ['level 4', { level: 4 }],
    ['level 14', { level: 14 }],
    ['the third-party type', { advisory_type: 'third_party', level: 2 }],
  ])('shows the action button for %s', (_name, overrides) => {
    const notice = renderNotice(buildAdvisory(overrides));

    expect(within(notice).getByRole('link', { name: 'Call a helpline' }).getAttribute('href')).toBe(
      'https://helpline.example.org/',
    );
  });

  it.each([
    ['no level', {}],
    ['level 1', { level: 1 }],
    ['level 5', { level: 5 }],
    ['another type', { advisory_type: 'health', level: 3 }],
  ])('keeps the action but not its button for %s', (_name, overrides) => {
    const notice = renderNotice(buildAdvisory(overrides));

    expect(within(notice).getByText('Talk to someone')).toBeTruthy();
    expect(within(notice).queryByRole('link', { name: 'Call a helpline' })).toBeNull();
  });
});
