import { describe, expect, it } from 'vitest';
import { buildPin } from '../../test/pins.ts';
import { embedCode, pinUrl } from './embedCode.ts';

describe('embedCode', () => {
  it("links the pin's picture and title to its canonical address", () => {
    const pin = buildPin({ id: '42', title: 'Reading nook' });
    const code = embedCode('https://pins.example', pin, 'Pin by Ada');
    expect(pinUrl('https://pins.example', pin)).toBe('https://pins.example/pin/42/');
    expect(code).toContain('<a href="https://pins.example/pin/42/"');
    expect(code).toContain('src="https://pins.example/media/pins/42/236x.jpg" width="236"');
    expect(code).toContain('>Reading nook</span>');
  });

  it('escapes what the pinner wrote, and names an untitled pin by its pinner', () => {
    const pin = buildPin({ title: '<script>"x"</script>' });
    const code = embedCode('https://pins.example', pin, 'Pin by Ada');
    expect(code).not.toContain('<script>');
    expect(code).toContain('&#60;script&#62;&#34;x&#34;');
    expect(embedCode('https://pins.example', buildPin({ title: '' }), 'Pin by Ada')).toContain(
      '>Pin by Ada</span>',
    );
  });
});
