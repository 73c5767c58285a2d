import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineCodeHashes, styleAttributeHashes } from '../src/lib/inline-code-hashes.ts';
import { webPagePolicy } from '../src/plugins/security-headers.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('style attribute hashes', () => {
  it('hashes each distinct style attribute as the browser decodes it', () => {
    const markup =
      '<div style="--header-height:64px"><img style="background-color:#a1b2c3"/>' +
      '<span style="font-family:&quot;Inter&quot;, sans-serif"></span><p style="--header-height:64px"></p></div>';

    expect(styleAttributeHashes(markup)).toEqual([
      sha256('--header-height:64px'),
      sha256('background-color:#a1b2c3'),
      sha256('font-family:"Inter", sans-serif'),
    ]);
  });

  it('are allowed with unsafe-hashes, beside the page inline code hashes, never unsafe-inline', () => {
    const html = '<style>a{}</style><div style="color:red"></div>';
    const policy = webPagePolicy(
      { publicUrl: 'http://localhost:3000' },
      { ...inlineCodeHashes(html), styleAttributeHashes: styleAttributeHashes(html) },
    );

    expect(policy).toContain(`style-src 'self' ${sha256('a{}')} 'unsafe-hashes' ${sha256('color:red')}`);
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('unsafe-inline');
  });
});
