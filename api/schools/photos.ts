// A school's photo (decision 2110): the upload is sniffed by its first bytes (JPEG, PNG or WebP
// only: never SVG, GIF, TIFF or HEIF, whatever the Content-Type says), decoded and re-encoded by
// sharp so nothing of the original file survives (EXIF, GPS, ICC and XMP metadata are dropped;
// the EXIF orientation is applied first), and written as two WebP files under the data
// directory: 1200 px wide for the page and the Open Graph image, 400 px for lists. Their names
// carry a hash of the content, so a URL never changes meaning and is served as immutable.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Metadata } from 'sharp';
import { PROFILE_LIMITS } from '../../core/constants';
import { ApiError } from '../platform/http-error';

/** The widths written: the page's banner and Open Graph image, and the lists' thumbnail. */
export const PHOTO_WIDTHS = [1200, 400] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
/** A photo narrower than the small version would be blown up everywhere. */
export const PHOTO_MIN_WIDTH = 400;
/** Decompression bombs: a 5 MB file may still claim a gigantic canvas. */
const MAX_PIXELS = 40_000_000;
/** The upload's media types (what the route declares; the bytes decide). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Where the files live, under the data directory. */
export const photoDir = (mediaDir: string) => join(mediaDir, 'schools');
/** A stored file's name: '{key}-{width}.webp'; the only names the media route serves. */
export const PHOTO_FILE = /^(\d+-[0-9a-f]{16})-(1200|400)\.webp$/;
export const photoUrl = (key: string, width: PhotoWidth) => `/media/schools/${key}-${width}.webp`;

const refuse = (message: string) => new ApiError(400, { error: message, fields: { photo: message } });
const NOT_AN_IMAGE = 'This file is not a JPEG, PNG or WebP image';

/** JPEG, PNG or WebP by the file's own first bytes, or null. */
export function sniffImage(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  const at = (i: number, ...b: number[]) => b.every((v, j) => bytes[i + j] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

export interface ProcessedPhoto {
  /** sha256 of the large version, 16 hex digits. */
  hash: string;
  files: Record<PhotoWidth, Buffer>;
  width: number;
  height: number;
}

/** Decodes and re-encodes an upload; a clear 400 `{ error, fields: { photo } }` when it is not a usable image. */
export async function processPhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  if (bytes.length === 0) throw refuse('Choose a photo to upload');
  if (bytes.length > PROFILE_LIMITS.photoBytes) throw refuse('The photo must be 5 MB or smaller');
  const format = sniffImage(bytes);
  if (!format) throw refuse(NOT_AN_IMAGE);
  // Loaded on the first upload, not at start: sharp is the heaviest package a server process
  // would import (about a fifth of its start-up), for a route a school uses now and then.
  const { default: sharp } = await import('sharp');
  const input = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS, animated: false });
  let meta: Metadata;
  try {
    meta = await input.metadata();
  } catch {
    throw refuse(NOT_AN_IMAGE);
  }
  if (meta.format !== format) throw refuse(NOT_AN_IMAGE);
  // Width as shown: orientations 5-8 swap the sides.
  const shownWidth = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  if (!shownWidth || shownWidth < PHOTO_MIN_WIDTH) throw refuse(`The photo must be at least ${PHOTO_MIN_WIDTH} pixels wide`);
  try {
    const encode = (width: PhotoWidth) =>
      input.clone().rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    const [large, small] = await Promise.all([encode(1200), encode(400)]);
    return {
      hash: createHash('sha256').update(large.data).digest('hex').slice(0, 16),
      files: { 1200: large.data, 400: small.data },
      width: large.info.width,
      height: large.info.height,
    };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // A file that starts like an image and breaks later (truncated, corrupt): still the sender's fault.
    throw refuse(NOT_AN_IMAGE);
  }
}

/**
 * Writes both files (each to a temporary name, then renamed: a reader never sees half a file);
 * returns the key. Each call has its own temporary names, so the same photo stored twice at once
 * (two uploads of one file) is two renames of identical bytes onto one name: the same result twice.
 */
export async function storePhoto(mediaDir: string, schoolId: number, photo: ProcessedPhoto): Promise<string> {
  const dir = photoDir(mediaDir);
  await mkdir(dir, { recursive: true });
  const key = `${schoolId}-${photo.hash}`;
  const unique = randomUUID();
  for (const width of PHOTO_WIDTHS) {
    const path = join(dir, `${key}-${width}.webp`);
    const tmp = `${path}.${unique}.tmp`;
    try {
      await writeFile(tmp, photo.files[width], { flag: 'wx' });
      await rename(tmp, path);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }
  return key;
}

/** Removes a replaced or withdrawn photo's files (a missing file is fine). */
export async function removePhoto(mediaDir: string, key: string): Promise<void> {
  await Promise.all(PHOTO_WIDTHS.map((w) => rm(join(photoDir(mediaDir), `${key}-${w}.webp`), { force: true })));
}

/** A stored file by its public name, or null (an unknown or malformed name). */
export async function readPhoto(mediaDir: string, file: string): Promise<Buffer | null> {
  if (!PHOTO_FILE.test(file)) return null;
  try {
    return await readFile(join(photoDir(mediaDir), file));
  } catch {
    return null;
  }
}
