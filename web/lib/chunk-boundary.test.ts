import { describe, expect, it } from 'vitest';
import { isChunkError } from './chunk-boundary';

describe('isChunkError', () => {
  it("knows each browser's words for a chunk that could not be fetched", () => {
    // Chromium, Firefox, Safari, and Vite's preload of a chunk's CSS.
    expect(
      isChunkError(new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/AlertDialog-ChYY7_Zy.js')),
    ).toBe(true);
    expect(isChunkError(new TypeError('error loading dynamically imported module: http://localhost:3000/assets/x.js'))).toBe(true);
    expect(isChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkError(new Error('Unable to preload CSS for /assets/JobsPage-abc.css'))).toBe(true);
  });

  it('leaves every other error to go on up', () => {
    expect(isChunkError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkError(new Error('500: Internal Server Error'))).toBe(false);
    expect(isChunkError('a string')).toBe(false);
  });
});
