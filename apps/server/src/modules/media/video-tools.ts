import { execFile } from 'node:child_process';
import path from 'node:path';
import { AppError } from '../../lib/app-error.ts';

/** The programs video uploads need (config.ffmpegPath / ffprobePath, Debian's ffmpeg package). */
export interface VideoTools {
  ffmpegPath: string;
  ffprobePath: string;
}

interface RunResult {
  stdout: Buffer;
}

// Untrusted files: no shell (execFile with an argument array), a hard time limit, the MP4
// demuxer named rather than guessed, and only local files as inputs (no URL, concat or HLS tricks
// reaching other files or the network from inside a crafted container).
const INPUT_ARGS = ['-protocol_whitelist', 'file', '-f', 'mov'];

function run(program: string, args: string[], timeoutMs: number, maxBuffer: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(
      program,
      args,
      { encoding: 'buffer', timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer, windowsHide: true },
      (error, stdout, stderr) => {
        if (!error) return resolve({ stdout });
        const code = (error as NodeJS.ErrnoException).code;
        // The program is not there or cannot run: video is off on this machine, not a bad file.
        if (code === 'ENOENT' || code === 'EACCES') {
          return reject(new AppError('video_unavailable', { detail: `${program}: ${code}` }));
        }
        // The detail is a summary: ffmpeg's own words name the server's temporary paths.
        const why = error.killed
          ? 'time limit'
          : `${path.basename(program)} could not read it (${stderr.length} bytes of errors)`;
        reject(new AppError('video_invalid', { detail: why }));
      },
    );
  });
}

export interface VideoFacts {
  durationMs: number;
}

/** Duration of an MP4 with at least one video stream (ffprobe); anything else is `video_invalid`. */
export async function probeVideo(tools: VideoTools, file: string): Promise<VideoFacts> {
  const args = [
    '-v',
    'error',
    ...INPUT_ARGS,
    '-show_entries',
    'format=duration:stream=codec_type',
    '-of',
    'json',
    file,
  ];
  const { stdout } = await run(tools.ffprobePath, args, 15_000, 1024 * 1024);
  let parsed: { format?: { duration?: string }; streams?: { codec_type?: string }[] };
  try {
    parsed = JSON.parse(stdout.toString('utf8')) as typeof parsed;
  } catch {
    throw new AppError('video_invalid', { detail: 'ffprobe output' });
  }
  const seconds = Number(parsed.format?.duration);
  if (!parsed.streams?.some((stream) => stream.codec_type === 'video') || !(seconds > 0)) {
    throw new AppError('video_invalid', { detail: 'no video stream or no duration' });
  }
  return { durationMs: Math.round(seconds * 1000) };
}

/**
 * One frame as a JPEG, the video's poster: a second in (the first frame is often black), or
 * the very start of a shorter clip. ffmpeg applies the file's rotation.
 */
export async function extractPoster(tools: VideoTools, file: string, durationMs: number): Promise<Buffer> {
  const at = durationMs > 2000 ? '1' : '0';
  const args = ['-v', 'error', '-nostdin', '-ss', at, ...INPUT_ARGS, '-i', file];
  args.push('-frames:v', '1', '-f', 'image2pipe', '-c:v', 'mjpeg', '-q:v', '2', 'pipe:1');
  const { stdout } = await run(tools.ffmpegPath, args, 30_000, 40 * 1024 * 1024);
  if (stdout.length === 0) throw new AppError('video_invalid', { detail: 'no frame' });
  return stdout;
}
