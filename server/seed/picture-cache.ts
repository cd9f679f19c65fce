import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import {
  type Picture,
  type PictureSpec,
  drawPicture,
  pictureDigest,
  pictureSize,
} from './photos.ts';

/** Where pictures are kept when neither an option nor `PICTURE_CACHE_DIR` says otherwise. */
export const defaultPictureCacheDir = new URL('../../.data/pictures', import.meta.url).pathname;

/**
 * The picture folder of a backend over `db`: `PICTURE_CACHE_DIR` when set, else `pictures/`
 * beside the database file, else (an in-memory database) {@link defaultPictureCacheDir}.
 */
export function pictureCacheDirFor(db: DatabaseSync): string {
  const configured = process.env['PICTURE_CACHE_DIR'];
  if (configured !== undefined && configured !== '') return configured;
  const location = db.location();
  return location === null ? defaultPictureCacheDir : join(dirname(location), 'pictures');
}

/** Options of {@link PictureCache}. */
export interface PictureCacheOptions {
  /** Draws a picture; default {@link drawPicture} (tests count the calls). */
  draw?: (spec: PictureSpec) => Promise<Buffer>;
  /** Pictures drawn at once; default one per core. */
  maxDrawing?: number;
}

// Every JPEG ends with the End Of Image marker; a file without it was cut short.
const isWholeJpeg = (bytes: Buffer): boolean =>
  bytes.length > 4 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;

/**
 * Pictures drawn on their first request and kept on disk under their digest
 * (`{dir}/{2 hex}/{digest}.jpg`), so a picture is drawn once per machine, whatever database
 * asks for it, and never at seed time.
 *
 * A picture is written to a temporary name and renamed into place, so a process killed while
 * writing leaves at most a `.tmp` file, which is never read; a file that is not a whole JPEG
 * is drawn again. Concurrent first requests in this process share one drawing; other
 * processes may draw the same picture too, and the rename makes the last one win whole.
 * At most `maxDrawing` pictures are drawn at once: each holds some 25 MB of pixels, and a
 * listing asks for dozens at a time.
 */
export class PictureCache {
  /** The folder pictures are kept in. */
  readonly dir: string;
  readonly #draw: (spec: PictureSpec) => Promise<Buffer>;
  readonly #maxDrawing: number;
  readonly #drawing = new Map<string, Promise<Buffer>>();
  readonly #waiting: Array<() => void> = [];
  #running = 0;

  constructor(dir: string, options: PictureCacheOptions = {}) {
    this.dir = dir;
    this.#draw = options.draw ?? drawPicture;
    this.#maxDrawing = Math.max(1, options.maxDrawing ?? availableParallelism());
  }

  /** The file a picture with this digest is kept in. */
  pathOf(digest: string): string {
    return join(this.dir, digest.slice(0, 2), `${digest}.jpg`);
  }

  /** The picture of `spec`: read from disk, or drawn and kept there. */
  async get(spec: PictureSpec): Promise<Picture> {
    const digest = pictureDigest(spec);
    const path = this.pathOf(digest);
    const bytes = (await this.#read(path)) ?? (await this.#drawOnce(digest, spec, path));
    return { bytes, digest, ...pictureSize(spec) };
  }

  async #read(path: string): Promise<Buffer | null> {
    try {
      const bytes = await readFile(path);
      return isWholeJpeg(bytes) ? bytes : null;
    } catch {
      // Missing (the usual case) or unreadable: draw it.
      return null;
    }
  }

  #drawOnce(digest: string, spec: PictureSpec, path: string): Promise<Buffer> {
    const pending = this.#drawing.get(digest);
    if (pending !== undefined) return pending;
    const drawing = this.#limited(() => this.#draw(spec))
      .then(async (bytes) => {
        await this.#keep(path, bytes);
        return bytes;
      })
      .finally(() => {
        this.#drawing.delete(digest);
      });
    this.#drawing.set(digest, drawing);
    return drawing;
  }

  async #limited<T>(task: () => Promise<T>): Promise<T> {
    // A finished drawing hands its slot straight to the next in line, so none can slip in.
    if (this.#running >= this.#maxDrawing) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next === undefined) this.#running--;
      else next();
    }
  }

  /** Writes atomically; a picture that cannot be kept is still served, and drawn next time. */
  async #keep(path: string, bytes: Buffer): Promise<void> {
    const temporary = `${path}.${String(process.pid)}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      console.warn(`picture cache: cannot keep ${path}: ${String(error)}`);
    }
  }
}
