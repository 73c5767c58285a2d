// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeOverEarlyClicks } from './earlyClicks.ts';

/** index.html's first script, run as the browser runs it before the app loads. */
function runFirstScript() {
  const html = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
  new Function(script)();
}

/** What React does to a node it hydrates. */
const takeOver = (button: HTMLButtonElement) => Object.assign(button, { __reactProps$test: {} });

// The script listens on the document, which outlives each test: it runs once, each test starts
// from a page whose app has not started.
beforeAll(runFirstScript);
beforeEach(() => {
  window.__earlyClicks = [];
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('clicks on server-drawn buttons the app has not taken over', () => {
  it('are kept without their native effect and given to the app once each button is its own, in order', () => {
    vi.useFakeTimers();
    document.body.innerHTML =
      '<div id="root"><form><button id="follow" type="submit">Follow</button></form>' +
      '<button id="accept">Accept</button><button id="gone">Gone</button><button id="off">Off</button></div>' +
      '<button id="outside">Outside</button>';
    const byId = (id: string) => document.getElementById(id) as HTMLButtonElement;
    const submitted = vi.fn((event: Event) => event.preventDefault());
    document.querySelector('form')!.addEventListener('submit', submitted);
    const heard: string[] = [];
    document
      .getElementById('root')!
      .addEventListener('click', (event) => heard.push((event.target as Element).id));

    for (const id of ['follow', 'accept', 'gone', 'off', 'outside']) byId(id).click();
    expect(submitted).not.toHaveBeenCalled();
    expect(heard).toEqual([]);

    // The page is hydrated but a lazy part (Accept) waits for its code; one button went, one is off.
    takeOver(byId('follow'));
    takeOver(byId('off')).disabled = true;
    byId('gone').remove();
    takeOverEarlyClicks();
    expect(heard).toEqual(['follow']);
    expect(submitted).toHaveBeenCalledTimes(1);

    // A click on the still-dehydrated part meanwhile queues behind Accept.
    byId('accept').click();
    vi.advanceTimersByTime(500);
    expect(heard).toEqual(['follow']);
    takeOver(byId('accept'));
    vi.advanceTimersByTime(50);
    expect(heard).toEqual(['follow', 'accept', 'accept']);

    // The app's own buttons are never kept.
    byId('follow').click();
    expect(heard).toEqual(['follow', 'accept', 'accept', 'follow']);
  });

  it('keeps a click on a link that opens a dialog (Save), not on an ordinary link', () => {
    document.body.innerHTML =
      '<div id="root"><a id="save" href="#repin" aria-haspopup="dialog">Save</a><a id="plain" href="#board">Board</a></div>';
    const save = document.getElementById('save') as HTMLAnchorElement;
    const plain = document.getElementById('plain') as HTMLAnchorElement;
    const defaults: string[] = [];
    document.addEventListener('click', (event) => {
      if (!event.defaultPrevented) defaults.push((event.target as Element).id);
      event.preventDefault();
    });
    save.click();
    plain.click();
    expect(window.__earlyClicks).toEqual([save]);
    expect(defaults).toEqual(['plain']);
  });

  it('gives up on a button that is never taken over', () => {
    vi.useFakeTimers();
    document.body.innerHTML =
      '<div id="root"><button id="never">Never</button><button id="later">Later</button></div>';
    const heard: string[] = [];
    document
      .getElementById('root')!
      .addEventListener('click', (event) => heard.push((event.target as Element).id));
    document.getElementById('never')!.click();
    const later = document.getElementById('later') as HTMLButtonElement;
    later.click();
    takeOver(later);
    takeOverEarlyClicks();
    vi.advanceTimersByTime(15_100);
    expect(heard).toEqual(['later']);
  });
});
