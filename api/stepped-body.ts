// A page's body sent in steps as it is written (api/ssr.ts streams a page whose head can leave
// before its render), gzipped or not, with the whole page's gzip kept for the page cache.
import { constants as zlibConstants, createGzip } from 'node:zlib';

/**
 * A body sent in steps as it is written: with gzip, the compressor is flushed after each step
 * but the last, so each step is a chunk of its own on the wire (its first with gzip's header).
 */
export function steppedBody(gzip: boolean) {
  const zip = gzip ? createGzip({ level: 6 }) : null;
  let out!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    start: (controller) => {
      out = controller;
    },
    cancel: () => {
      open = false;
      zip?.destroy();
    },
  });
  const push = (bytes: Uint8Array) => {
    if (open) out.enqueue(bytes);
  };
  const close = () => {
    if (open) out.close();
    open = false;
  };
  // The compressor's output is sent a flush at a time (its header and the head in one chunk).
  let pending: Buffer[] = [];
  const sendPending = () => {
    if (pending.length) push(new Uint8Array(Buffer.concat(pending)));
    pending = [];
  };
  // Every compressed byte, in order: a whole gzip member of the page, which the page cache keeps
  // as is rather than compressing the page a second time.
  const all: Buffer[] = [];
  let finished!: (gzip: Buffer | null) => void;
  const gzipped = new Promise<Buffer | null>((resolve) => (finished = resolve));
  zip?.on('data', (chunk: Buffer) => {
    pending.push(chunk);
    all.push(chunk);
  });
  zip?.on('end', () => {
    sendPending();
    close();
    finished(Buffer.concat(all));
  });
  // A visitor who left mid-way (the stream cancelled, the compressor destroyed): nothing to keep.
  zip?.on('error', () => finished(null));
  zip?.on('close', () => finished(null));
  const write = (text: string | Uint8Array, end: boolean) => {
    if (!zip) {
      push(typeof text === 'string' ? new TextEncoder().encode(text) : text);
      if (end) {
        close();
        finished(null);
      }
    } else if (end) zip.end(text);
    else {
      zip.write(text);
      zip.flush(zlibConstants.Z_SYNC_FLUSH, sendPending);
    }
  };
  /** The whole page's gzip once the last step is written (null without gzip). */
  return { stream, write, gzipped };
}
