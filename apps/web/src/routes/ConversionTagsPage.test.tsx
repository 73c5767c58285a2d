// @vitest-environment jsdom
import '../i18n.ts';
import type { Advertiser, BusinessRole } from '@pinboard/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { success } from '../test/apiStub.ts';
import { ada, postedBodies, renderWithAuth, signedInViewer, stubAuthApi } from '../test/auth.tsx';
import { ConversionTagsPage } from './ConversionTagsPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const FIRST_RENDER = { timeout: 10_000 };

const advertiserAs = (role: BusinessRole): Advertiser => ({
  id: '55',
  name: 'Ada Machines',
  owner_user_id: ada.id,
  country: 'SE',
  currency: 'SEK',
  time_zone: 'Europe/Stockholm',
  role,
  has_billing_profile: true,
  billing_stopped_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
});

function open(role: BusinessRole) {
  const tags = [{ id: '9', advertiser_id: '55', name: 'Shop', created_at: '2026-11-01T00:00:00.000Z' }];
  const fetch = stubAuthApi(signedInViewer(ada, { isPartner: true }), {
    listBusinessAccessProfiles: () => success({ profiles: {} }),
    getAdvertiser: () => success(advertiserAs(role)),
    listConversionTags: () => success(tags),
    createConversionTag: ({ body }) => {
      const tag = { id: '10', advertiser_id: '55', name: (body as { name: string }).name, created_at: '' };
      tags.push(tag);
      return success(tag);
    },
  });
  renderWithAuth({
    routes: [{ path: 'advertiser/:advertiserId/conversions', Component: ConversionTagsPage }],
    path: '/advertiser/55/conversions/',
  });
  return fetch;
}

describe('/advertiser/{id}/conversions/', () => {
  it("shows each tag's snippet to paste on a site, and copies it", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    open('OWNER');
    const section = await screen.findByRole('region', { name: 'Shop (tag 9)' }, FIRST_RENDER);
    const code = (
      within(section).getByRole('textbox', {
        name: 'Code to paste on every page of your site',
      }) as HTMLTextAreaElement
    ).value;
    // It reads the click's token from the landing address and reports to this site's conversions call.
    expect(code).toContain('"pb_ad_token"');
    expect(code).toContain('var tag = "9";');
    expect(code).toContain(`"${window.location.origin}/v3/promoted/conversions/"`);
    expect(code).toContain("credentials: 'omit'");
    fireEvent.click(within(section).getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(code));
    expect(await screen.findByText('Code copied')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Conversion tags' }).getAttribute('aria-current')).toBe('page');
  }, 30_000);

  it('adds a tag for those who may manage ads; an analyst only sees them', async () => {
    const fetch = open('OWNER');
    const form = await screen.findByRole('form', { name: 'New conversion tag' }, FIRST_RENDER);
    fireEvent.change(within(form).getByLabelText('Tag name'), { target: { value: 'Checkout' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create tag' }));
    expect(await screen.findByRole('region', { name: 'Checkout (tag 10)' })).toBeTruthy();
    expect(postedBodies(fetch, '/ads/v4/advertisers/55/conversion_tags/')).toEqual([{ name: 'Checkout' }]);
    cleanup();
    open('ANALYST');
    expect(await screen.findByRole('region', { name: 'Shop (tag 9)' }, FIRST_RENDER)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New conversion tag' })).toBeNull();
  }, 30_000);
});
