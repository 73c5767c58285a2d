// @vitest-environment jsdom
import '../../i18n.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { success } from '../../test/apiStub.ts';
import { buildViewer, renderWithAuth, stubAuthApi } from '../../test/auth.tsx';
import { buildBoard, buildProfile } from '../../test/boards.ts';
import { buildPin } from '../../test/pins.ts';
import '../boardActions/words.ts';
import { FollowBoardButton } from '../boardActions/FollowBoardButton.tsx';
import { PinDetails } from '../closeup/PinDetails.tsx';
import { FollowUserButton } from '../users/FollowUserButton.tsx';

// A visitor's Save, Download and Follow open sign-up (not log in), titled by their
// signupSource.
describe("a visitor's Save, Download and Follow", { timeout: 20_000 }, () => {
  const pin = buildPin({ id: '5', title: 'Blue kitchen' });
  const board = buildBoard();
  afterEach(cleanup);

  function renderPage(element: React.ReactNode) {
    stubAuthApi(buildViewer(), {
      getPin: () => success(pin),
      getUser: () => success(buildProfile({ username: 'grace' })),
    });
    renderWithAuth({ routes: [{ path: '/pin/:id/', element }], path: '/pin/5/' });
  }

  async function opened(role: 'link' | 'button', name: string, title: string) {
    // Until the viewer is known a follow button waits (aria-disabled) rather than guess.
    const control = await waitFor(() => {
      const found = screen.getByRole(role, { name });
      expect(found.getAttribute('aria-disabled')).toBeNull();
      return found;
    });
    fireEvent.click(control);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(await within(dialog).findByRole('heading', { name: title })).toBeTruthy();
    expect(within(dialog).queryByText(/Log in to/)).toBeNull();
  }

  it('Save opens sign-up titled for saving', async () => {
    renderPage(<PinDetails pin={pin} />);
    await opened('link', 'Save', 'Sign up to save this idea');
  });

  it('Download opens sign-up titled for downloading', async () => {
    renderPage(<PinDetails pin={pin} />);
    await opened('link', 'Download image', 'Sign up to download this image');
  });

  it('Follow on a person opens sign-up titled for following', async () => {
    renderPage(<FollowUserButton username="grace" />);
    await opened('button', 'Follow', 'Sign up to follow people you like');
  });

  it('Follow on a board opens sign-up titled for following', async () => {
    renderPage(<FollowBoardButton board={board} boardKey={['board']} signedIn={false} />);
    await opened('button', 'Follow', 'Sign up to follow people you like');
  });
});
