import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { TestApp } from './test-app.ts';
import { TEST_CSRF_TOKEN } from './browser.ts';

/** A flat-coloured picture in one of the accepted formats. */
export function makeImage(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' = 'png') {
  return sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .toFormat(format)
    .toBuffer();
}

/** A one-second 320x240 MP4 made by Debian's ffmpeg from its test pattern. */
export async function makeVideo(dir: string = os.tmpdir()): Promise<Buffer> {
  const file = path.join(dir, `clip-${process.pid}-${Date.now()}.mp4`);
  await promisify(execFile)('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=10'],
    ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-movflags', '+faststart', file],
  ]);
  return readFile(file);
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartOf(bytes: Buffer, filename: string, contentType: string) {
  const boundary = `----pinboard${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads one file as the signed-in `cookie` (a session cookie from the factories). */
export function uploadFile(t: TestApp, cookie: string, bytes: Buffer, filename: string, contentType: string) {
  const { payload, headers } = multipartOf(bytes, filename, contentType);
  return t.request({
    method: 'POST',
    url: '/v3/media/uploads/',
    payload,
    headers: {
      ...headers,
      cookie: `${cookie}; csrftoken=${TEST_CSRF_TOKEN}`,
      'x-csrftoken': TEST_CSRF_TOKEN,
    },
  });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG that claims `width` x `height` (a pixel flood: 30000 x 30000 would be 3.6 GB decoded) but
 * is only its header and an empty end: a few dozen bytes, made in microseconds.
 */
export function pixelFloodPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A local web site the fetcher may reach (pass `host` as FETCH_ALLOW_HOSTS): each path answers
 * its body with its content type, anything else 404.
 */
export async function startSite(pages: Record<string, { type: string; body: Buffer | string }>) {
  const site = http.createServer((request, response) => {
    const page = pages[request.url ?? ''];
    if (page) response.writeHead(200, { 'content-type': page.type }).end(page.body);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(site.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => site.close(() => resolve())),
  };
}
