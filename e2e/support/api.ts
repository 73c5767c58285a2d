import { expect, type APIRequestContext } from '@playwright/test';
import type { Board, BoardSection, Pin } from '@pinboard/shared';

// Reads of the seeded demo through the public API, so the tests pick real pins, boards and
// sections instead of hard-coding the seed's names.

async function getData<T>(
  request: APIRequestContext,
  url: string,
): Promise<{ data: T; bookmark: string | null }> {
  const response = await request.get(url);
  expect(response.status(), `GET ${url}`).toBe(200);
  const body = (await response.json()) as { resource_response: { data: T; bookmark: string | null } };
  return body.resource_response;
}

/** The first page of the home feed as a visitor sees it. */
export async function homeFeedPage(request: APIRequestContext, pageSize = 25): Promise<Pin[]> {
  return (await getData<Pin[]>(request, `/v3/feeds/home/?page_size=${pageSize}`)).data;
}

export async function userBoards(request: APIRequestContext, username: string): Promise<Board[]> {
  return (await getData<Board[]>(request, `/v3/users/${encodeURIComponent(username)}/boards/`)).data;
}

export async function boardSections(request: APIRequestContext, boardId: string): Promise<BoardSection[]> {
  return (await getData<BoardSection[]>(request, `/v3/boards/${boardId}/sections/`)).data;
}

export interface BrowsePath {
  pin: Pin;
  board: Board;
  section: BoardSection;
}

/**
 * A walk a visitor can take: a pin of the first feed page whose pinner owns a public board
 * with sections, that board, and its first section with pins (else its first section).
 */
export async function findBrowsePath(request: APIRequestContext): Promise<BrowsePath> {
  const checked = new Set<string>();
  for (const pin of await homeFeedPage(request)) {
    const username = pin.pinner.username;
    if (checked.has(username)) continue;
    checked.add(username);
    const boards = await userBoards(request, username);
    const board = boards.find(
      (candidate) =>
        candidate.owner.username === username &&
        candidate.privacy === 'public' &&
        candidate.section_count > 0,
    );
    if (!board) continue;
    const sections = await boardSections(request, board.id);
    const section = sections.find((candidate) => candidate.pin_count > 0) ?? sections[0];
    if (section) return { pin, board, section };
  }
  throw new Error('the seeded demo has no feed pin whose pinner owns a public board with sections');
}
