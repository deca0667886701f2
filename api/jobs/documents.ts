// A school job's documents, its job pack (issue 37 item 12, decision 2116), with the care of the
// school's photo (decision 2110): the upload is a PDF by its own first bytes, whatever its
// Content-Type or name says; complete (its last KB has %%EOF); at most 5 MB; without the names
// that make a reader run or open something (JavaScript, Launch, EmbeddedFile) where the file shows
// them. A PDF cannot be re-encoded as a photo is, so it is stored as sent, under the data directory
// (never the served tree), named by its job and a hash of its bytes, written to a unique temporary
// name and renamed; it is served only as a download (Content-Disposition: attachment) in a sandbox.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JOB_DOCUMENT_LIMITS } from '../../core/constants';
import { ApiError } from '../platform/http-error';

/** The one media type taken. */
export const DOCUMENT_TYPES = ['application/pdf'] as const;
/** A stored file's name: '{jobId}-{16 hex}.pdf'; the only names the media route serves. */
export const DOCUMENT_FILE = /^(\d+)-([0-9a-f]{16})\.pdf$/;
export const documentDir = (mediaDir: string) => join(mediaDir, 'jobs');
export const documentUrl = (file: string) => `/media/jobs/${file}`;

/** A 400 naming the file field: `{ error, fields: { file } }`. */
export const refuseFile = (message: string, status: 400 | 409 = 400) => new ApiError(status, { error: message, fields: { file: message } });

const MB = JOB_DOCUMENT_LIMITS.bytes / (1024 * 1024);
export const TOO_LARGE = `The file must be ${MB} MB or smaller`;
const NOT_A_PDF = 'This file is not a PDF';
/**
 * Names whose objects run or open something in a reader; also written with #hh escapes
 * (/Java#53cript). A script's /JS key comes with /S /JavaScript; /JS alone, three bytes, would
 * turn up by chance in a few MB of compressed streams.
 */
const ACTIVE_NAMES = new Set(['JavaScript', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia']);

/** A PDF by its first bytes: '%PDF-1.x' or '%PDF-2.x' at offset 0. */
export function isPdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 8)).toString('latin1');
  return /^%PDF-[12]\.\d/.test(head);
}

/** The active names the file shows in plain (uncompressed) objects, decoded from #hh escapes. */
export function activeNames(bytes: Uint8Array): string[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const found = new Set<string>();
  // A name: '/' and the regular characters up to a delimiter or white space (PDF 32000-1 §7.3.5).
  for (const m of text.matchAll(/\/([^\s/<>[\]()%{}\0]{2,40})/g)) {
    const name = m[1].includes('#') ? m[1].replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : m[1];
    if (ACTIVE_NAMES.has(name)) found.add(name);
  }
  return [...found];
}

/** Checks an upload; a clear 400 `{ error, fields: { file } }` when it is not a PDF the job page may offer. */
export function checkPdf(bytes: Uint8Array): void {
  if (bytes.length === 0) throw refuseFile('Choose a PDF to upload');
  if (bytes.length > JOB_DOCUMENT_LIMITS.bytes) throw refuseFile(TOO_LARGE);
  if (!isPdf(bytes)) throw refuseFile(NOT_A_PDF);
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString('latin1');
  if (!tail.includes('%%EOF')) throw refuseFile('This PDF is incomplete or damaged: save it again and upload it');
  if (activeNames(bytes).length)
    throw refuseFile('This PDF carries scripts or attached files: save it again as a plain PDF (Print to PDF) and upload that');
}

/**
 * The name a document is shown and downloaded as: the last part of what the browser sent (no
 * folders), without control characters or the characters file systems refuse, spaces collapsed,
 * ending in '.pdf', at most 100 characters; 'Document.pdf' when nothing is left.
 */
export function cleanName(raw: string): string {
  const last = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"*:<>?|]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const stem = cleaned.replace(/\.pdf$/i, '').replace(/[. ]+$/, '');
  const max = JOB_DOCUMENT_LIMITS.name - '.pdf'.length;
  const graphemes = Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(stem), (g) => g.segment);
  let short = '';
  for (const g of graphemes) {
    if (short.length + g.length > max) break;
    short += g;
  }
  short = short.trim();
  return `${short || 'Document'}.pdf`;
}

/** The file's stored name: its job and the first 16 hex digits of its sha256. */
export const documentFile = (jobId: number, bytes: Uint8Array) =>
  `${jobId}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.pdf`;

/** Writes the file to a unique temporary name, then renames it: a reader never sees half a file. */
export async function storeDocument(mediaDir: string, file: string, bytes: Uint8Array): Promise<void> {
  const dir = documentDir(mediaDir);
  await mkdir(dir, { recursive: true });
  const path = join(dir, file);
  const tmp = `${path}.${randomUUID()}.tmp`;
  try {
    await writeFile(tmp, bytes, { flag: 'wx' });
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

export async function removeDocument(mediaDir: string, file: string): Promise<void> {
  if (DOCUMENT_FILE.test(file)) await rm(join(documentDir(mediaDir), file), { force: true });
}

/** A stored file by its public name, or null (an unknown or malformed name). */
export async function readDocument(mediaDir: string, file: string): Promise<Buffer | null> {
  if (!DOCUMENT_FILE.test(file)) return null;
  try {
    return await readFile(join(documentDir(mediaDir), file));
  } catch {
    return null;
  }
}

/**
 * Content-Disposition for a download: an ASCII fallback in `filename` (anything else as '_', no
 * quotes or backslashes) and the real name in `filename*` (RFC 6266, RFC 8187).
 */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
