// @vitest-environment jsdom
import '../../i18n.ts';
import './words.ts';
import type { RepinResult } from '@pinboard/shared';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInViewer } from '../../test/auth.tsx';
import { buildBoard, buildUser } from '../../test/boards.ts';
import { failure, requestedUrls, stubApi, success } from '../../test/apiStub.ts';
import { buildPin } from '../../test/pins.ts';
import { AdvertiserContext, type AdvertiserContextValue } from '../viewer/advertiserContext.ts';
import { buildPicker, buildPickerBoard, renderWithApp } from './pickerFixtures.tsx';
import { CONFIRMATION_MS, SaveConfirmation } from './SaveConfirmation.tsx';
import { SaveFlow, type SaveOrigin } from './SaveFlow.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const kitchen = buildPickerBoard({ id: '31', name: 'Kitchen' });
const home = buildPickerBoard({
  id: '32',
  name: 'Home',
  section_count: 1,
  sections: [{ id: '81', title: 'Lamps' }],
});

function buildResult(overrides: Partial<RepinResult> = {}): RepinResult {
  return {
    pin: buildPin({ id: '555', title: 'Copper lamp' }),
    board: { id: '31', name: 'Kitchen', url: '/maya/kitchen/' },
    section: null,
    is_first_save: false,
    already_saved: false,
    link_domain_official_user: null,
    ...overrides,
  };
}

function renderFlow(
  origin: SaveOrigin,
  repin: () => Response,
  extra: Parameters<typeof stubApi>[0] = {},
  advertiser: AdvertiserContextValue | null = null,
  pin = buildPin({ id: '101' }),
) {
  const fetch = stubApi({
    getViewer: () => success(signedInViewer(buildUser({ username: 'maya' }))),
    getBoardPicker: () => success(buildPicker([kitchen, home])),
    listSavedTo: () => success([]),
    listBoardTitleSuggestions: () => success([]),
    repinPin: repin,
    ...extra,
  });
  const onClose = vi.fn();
  renderWithApp(
    <AdvertiserContext value={advertiser}>
      <SaveFlow pin={pin} origin={origin} onClose={onClose} />
    </AdvertiserContext>,
  );
  return { fetch, onClose };
}

const repinBody = (fetch: ReturnType<typeof stubApi>) => {
  const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/v3/pins/101/repin/')!;
  return JSON.parse(String(init!.body));
};

describe('SaveFlow', () => {
  it('saves to a board: the row loads, then the closeup shows the “Saved to” dialog', async () => {
    const { fetch } = renderFlow('closeup', () => success(buildResult()));
    expect(screen.getByRole('dialog', { name: 'Choose board' })).toBeTruthy();
    // The search field takes the focus once the boards are there.
    const search = await screen.findByRole('combobox');
    expect(document.activeElement).toBe(search);

    fireEvent.click(await screen.findByText('Kitchen'));

    expect(await screen.findByText('Saving…')).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Saved to Kitchen' });
    expect(within(dialog).getByRole('link', { name: 'See it now' }).getAttribute('href')).toBe('/pin/555/');
    expect(within(dialog).getByRole('link', { name: 'Send' }).getAttribute('href')).toBe(
      '/pin/555/?share=true',
    );
    expect(within(dialog).getByRole('img', { name: 'Copper lamp' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(repinBody(fetch)).toEqual({ board_id: '31', section_id: null });
  });

  it.each([
    { isOwner: false, sent: '600' },
    { isOwner: true, sent: undefined },
  ])('sends advertiser_id on the picker and the save for an ad account (owner: $isOwner)', async (ad) => {
    const { fetch } = renderFlow('closeup', () => success(buildResult()), {}, { advertiserId: '600', ...ad });

    fireEvent.click(await screen.findByText('Kitchen'));

    await screen.findByRole('dialog', { name: 'Saved to Kitchen' });
    const picker = requestedUrls(fetch).find((url) => url.startsWith('/v3/boards/picker/'))!;
    expect(new URL(picker, 'http://x').searchParams.get('advertiser_id')).toBe(ad.sent ?? null);
    expect(repinBody(fetch).advertiser_id).toBe(ad.sent);
  });

  it('titles a save to a section with both names and offers the official account', async () => {
    const official = buildUser({ id: '9', username: 'copperco', full_name: 'Copper Co' });
    renderFlow('closeup', () =>
      success(
        buildResult({
          board: { id: '32', name: 'Home', url: '/maya/home/' },
          section: { id: '81', title: 'Lamps' },
          link_domain_official_user: official,
        }),
      ),
    );

    fireEvent.click(await screen.findByText('Home'));
    fireEvent.click(screen.getByText('Lamps'));

    const dialog = await screen.findByRole('dialog', { name: 'Saved to Lamps in Home' });
    expect(within(dialog).getByText('See more from Copper Co')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Follow' })).toBeTruthy();
  });

  it('warns when the picture is already on one of the viewer’s boards, from the pin alone', async () => {
    const viewer_saved = {
      pin_id: '9',
      board_id: '31',
      board_name: 'Kitchen',
      section_id: null,
      section_title: null,
    };
    const { fetch } = renderFlow(
      'closeup',
      () => success(buildResult()),
      {},
      null,
      buildPin({ id: '101', viewer_saved }),
    );

    expect(await screen.findByText('Psst! You already saved this Pin to Kitchen')).toBeTruthy();
    // The pin says where it is saved: the closeup makes no second call for it.
    expect(requestedUrls(fetch).some((url) => url.includes('/saved_to/'))).toBe(false);
  });

  it('shows the error as a toast and puts the row back', async () => {
    renderFlow('closeup', () => failure(409, 'board_action_in_progress_create'));

    fireEvent.click(await screen.findByText('Kitchen'));

    expect(await screen.findByText('Please wait until the previous board action finishes.')).toBeTruthy();
    expect(screen.queryByText('Saving…')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Choose board' })).toBeTruthy();
  });

  it('shows the overlay from the grid, with the first-save heading', async () => {
    renderFlow('grid', () => success(buildResult({ is_first_save: true })));

    fireEvent.click(await screen.findByText('Kitchen'));

    expect(await screen.findByText('You saved your first Pin to Kitchen!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("titles the dialog 'Board created' after creating a board in the picker", async () => {
    renderFlow(
      'grid',
      () => success(buildResult({ board: { id: '77', name: 'Lighting', url: '/maya/lighting/' } })),
      {
        createBoard: () =>
          success(buildBoard({ id: '77', name: 'Lighting', url: '/maya/lighting/', privacy: 'public' })),
      },
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Create board' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Lighting' } });
    const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);

    const dialog = await screen.findByRole('dialog', { name: 'Board created' });
    expect(within(dialog).getByText('Saved to Lighting')).toBeTruthy();
  });
});

describe('SaveConfirmation', () => {
  it('says where the pin went, bursts 120 particles and leaves after 2.6 s', () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    render(<SaveConfirmation result={buildResult()} onDone={onDone} />);

    expect(screen.getByText('You saved this Pin to Kitchen!')).toBeTruthy();
    expect(document.querySelectorAll('[data-confetti]')).toHaveLength(120);
    act(() => vi.advanceTimersByTime(CONFIRMATION_MS - 1));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('names the section of a save into one', () => {
    render(
      <SaveConfirmation result={buildResult({ section: { id: '81', title: 'Lamps' } })} onDone={() => {}} />,
    );

    expect(screen.getByText('You saved this Pin to Lamps in Kitchen!')).toBeTruthy();
  });

  it('leaves out the confetti when the viewer prefers less motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    render(<SaveConfirmation result={buildResult()} onDone={() => {}} />);

    expect(document.querySelectorAll('[data-confetti]')).toHaveLength(0);
  });
});
