import { type Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/fixtures.ts';
import { e2eDataDir, runAdmin } from './support/admin.ts';
import { signUp, uniqueEmail } from './support/auth.ts';

// Decision 54: A reports B's comment on A's pin from the comment's Report item; an
// operator removes it with the admin command (the CLI hands it to the running server); A no longer
// sees it; B, its writer, sees the removal notice under the pin and appeals.

/** A call of the page's signed-in session, with its CSRF token. */
async function apiPost<T>(page: Page, url: string, data: unknown): Promise<T> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const response = await page.request.post(url, { headers: { 'X-CSRFToken': csrf }, data });
  expect(response.ok(), `POST ${url}`).toBe(true);
  return ((await response.json()) as { resource_response: { data: T } }).resource_response.data;
}

test.skip(!e2eDataDir, 'needs the e2e server’s DATA_DIR for the admin command');

test('a reported comment is removed by an operator, and its writer sees the notice and appeals', async ({
  page,
  browser,
}) => {
  // Two sign-ups, a pin, a comment, a report, three admin commands and an appeal: far more than 30 s.
  test.setTimeout(240_000);
  // A, the pinner, who will report the comment.
  await signUp(page, uniqueEmail('moderation-reporter'));
  const suffix = Date.now().toString(36);
  const board = await apiPost<{ id: string }>(page, '/v3/boards/', {
    name: `Quilts ${suffix}`,
    privacy: 'public',
  });
  const png = await sharp({ create: { width: 300, height: 450, channels: 3, background: '#2b6a8a' } })
    .png()
    .toBuffer();
  const pin = await apiPost<{ id: string }>(page, '/v3/pins/', {
    board_id: board.id,
    title: `Zebra quilt ${suffix}`,
    image_base64: png.toString('base64'),
  });

  // B, another person, comments on it.
  const writerContext = await browser.newContext();
  const writer = await writerContext.newPage();
  await signUp(writer, uniqueEmail('moderation-writer'));
  const text = `Cheap quilts at spam.example ${suffix}`;
  const comment = await apiPost<{ id: string }>(writer, `/v3/pins/${pin.id}/comments/`, { text });

  // A reports the comment from its Report item.
  await page.goto(`/pin/${pin.id}/`);
  await expect(page.getByText(text)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /^Report comment by / }).click();
  const dialog = page.getByRole('dialog', { name: 'Report comment' });
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(page.getByText('Thanks for letting us know. We’ll review this comment.')).toBeVisible();

  // The operator finds the report and removes the comment.
  const list = await runAdmin('reports', 'list');
  const line = list.split('\n').find((entry) => entry.includes(` comment ${comment.id} `));
  expect(line, list).toBeTruthy();
  const reportId = /^#(\d+)/.exec(line!)![1]!;
  expect(await runAdmin('reports', 'resolve', reportId, '--action', 'remove', '--note', 'spam')).toContain(
    `Report #${reportId} resolved: remove`,
  );

  // A no longer sees it (the pin stays).
  await page.goto(`/pin/${pin.id}/`);
  await expect(page.getByRole('heading', { name: `Zebra quilt ${suffix}`, level: 1 })).toBeVisible();
  await expect(page.getByText('No comments yet! Add one to start the conversation.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(text)).toBeHidden();

  // B sees it with the notice under the pin, and appeals.
  await writer.goto(`/pin/${pin.id}/`);
  const notice = writer.getByTestId('removed-comment-notice');
  await expect(notice.getByRole('heading', { name: 'This comment was removed' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(writer.getByText(text)).toBeVisible();
  await expect(notice).toContainText('It goes against our Community Guidelines on spam.');
  await notice.getByRole('button', { name: 'Appeal' }).click();
  const appeal = writer.getByRole('dialog', { name: 'Appeal this removal' });
  await appeal.getByLabel('Why should this comment be restored?').fill('It was a joke between friends.');
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  await expect(notice.getByText('You appealed this removal. We’ll let you know the outcome.')).toBeVisible();

  await writer.goto('/appealed-pin/');
  const item = writer.getByTestId('appeal');
  await expect(item).toContainText(text);
  await expect(item).toContainText('Under review');
  expect(await runAdmin('appeals', 'list')).toContain(`comment ${comment.id}  removed for spam`);
  await writerContext.close();
});

test('a removed board shows its owner the notice with Appeal, and the appeal reaches the operator', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // A, the board's owner.
  await signUp(page, uniqueEmail('moderation-board-owner'));
  const suffix = Date.now().toString(36);
  const name = `Loud board ${suffix}`;
  const board = await apiPost<{ id: string; url: string }>(page, '/v3/boards/', { name, privacy: 'public' });

  // B reports it.
  const reporterContext = await browser.newContext();
  const reporter = await reporterContext.newPage();
  await signUp(reporter, uniqueEmail('moderation-board-reporter'));
  await apiPost(reporter, '/v3/reports/', { object_type: 'board', object_id: board.id, reason: 'hateful' });

  // The operator removes it; B no longer finds it.
  const list = await runAdmin('reports', 'list');
  const line = list.split('\n').find((entry) => entry.includes(` board ${board.id} `));
  expect(line, list).toBeTruthy();
  const reportId = /^#(\d+)/.exec(line!)![1]!;
  await runAdmin('reports', 'resolve', reportId, '--action', 'remove');
  await reporter.goto(board.url);
  await expect(reporter.getByRole('heading', { name, level: 1 })).toBeHidden();

  // A sees the board with the notice above it, and appeals.
  await page.goto(board.url);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 30_000 });
  const notice = page.getByTestId('removed-board-notice');
  await expect(notice.getByRole('heading', { name: 'This board was removed' })).toBeVisible();
  await expect(notice).toContainText('It goes against our Community Guidelines on hateful activities.');
  await notice.getByRole('button', { name: 'Appeal' }).click();
  const appeal = page.getByRole('dialog', { name: 'Appeal this removal' });
  await appeal.getByLabel('Why should this board be restored?').fill('It is a board of quotes.');
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  await expect(notice.getByText('You appealed this removal. We’ll let you know the outcome.')).toBeVisible();
  expect(await runAdmin('appeals', 'list')).toContain(`board ${board.id}  removed for hateful`);
  await reporterContext.close();
});
