import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { branding } from '../../../shared/branding';
import { MobileNoticeCard } from './mobile-notice';

// index.html paints a signed-in phone's notice before the app's JavaScript arrives (styles.css
// shows it, server static.ts marks the page). That copy must be what the app then renders in its
// place, or the page changes under the reader's eyes. Its ids are prefixed: the app's own notice
// uses the same ones.
const indexHtml = path.resolve(import.meta.dirname, '../../index.html');
const START = '<!-- first-paint:notice -->';
const END = '<!-- /first-paint:notice -->';

const staticNotice = () =>
  renderToStaticMarkup(createElement(MobileNoticeCard))
    .replace(/\b(id|aria-labelledby)="([^"]+)"/g, '$1="first-paint-$2"')
    .replace(/url\(#([^)]+)\)/g, 'url(#first-paint-$1)');

describe('the first paint of a signed-in phone (index.html)', () => {
  it('holds the notice as the app renders it, without its close button', () => {
    const html = fs.readFileSync(indexHtml, 'utf8');
    const start = html.indexOf(START);
    const end = html.indexOf(END);
    expect(start, `index.html lacks ${START}`).toBeGreaterThan(-1);
    const copy = html.slice(start + START.length, end).trim();
    const expected = staticNotice();
    if (process.env.UPDATE_FIRST_PAINT === '1' && copy !== expected) {
      fs.writeFileSync(indexHtml, `${html.slice(0, start + START.length)}${expected}${html.slice(end)}`);
      return;
    }
    // On a change to the notice: UPDATE_FIRST_PAINT=1 npx vitest run src/web/app/shell/first-paint.test.ts
    expect(copy).toBe(expected);
    expect(copy).not.toContain('Dismiss mobile notice');
  });

  it('names the portal as the top bar does', () => {
    const html = fs.readFileSync(indexHtml, 'utf8');
    const firstPaint = html.slice(html.indexOf('<div id="first-paint"'), html.indexOf(START));
    expect(firstPaint).toContain(`>${branding.appTitle}</p>`);
  });
});
