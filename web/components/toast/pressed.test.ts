// The control pressed last (web/components/toast/pressed.ts), noted from the app's start for the
// Toaster's placement: where the control around what was pressed (by pointer or key) is on the
// screen; replaced since, where it was, for 10 s; the listeners are added once, capturing (before
// any handler can stop them).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lastPressedBox, notePresses } from './pressed';

// The Node test environment has no DOM: an element is what `closest`, `isConnected` and its box
// answer; the window is its scroll position.
const win = { scrollY: 0 };
class FakeElement {
  constructor(
    private readonly control: FakeElement | null,
    public isConnected = true,
    public box = { top: 700, bottom: 740 },
  ) {}
  closest(selector: string) {
    expect(selector).toBe('button, a, [role=button], input, select, label');
    return this.control;
  }
  getBoundingClientRect() {
    return this.box;
  }
}
const listeners: { type: string; run: (e: Event) => void; capture: unknown }[] = [];
const doc = {
  addEventListener: (type: string, run: (e: Event) => void, capture?: unknown) => listeners.push({ type, run, capture }),
} as unknown as Document;
const press = (type: string, target: unknown) => {
  for (const l of listeners.filter((l) => l.type === type)) l.run({ target } as unknown as Event);
};

beforeAll(() => {
  (globalThis as { Element?: unknown }).Element = FakeElement;
  (globalThis as { window?: unknown }).window = win;
  notePresses(doc);
  notePresses(doc);
});

describe('the control pressed last', () => {
  it('listens to pointers and keys once each, in the capture phase', () => {
    expect(listeners.map((l) => [l.type, l.capture])).toEqual([
      ['pointerdown', true],
      ['keydown', true],
    ]);
  });

  it('is where the control around what the pointer went down on, or the key was pressed in, is', () => {
    expect(lastPressedBox()).toBeNull();
    const button = new FakeElement(null, true, { top: 700, bottom: 740 });
    press('pointerdown', new FakeElement(button));
    expect(lastPressedBox()).toEqual({ top: 700, bottom: 740 });
    button.box = { top: 650, bottom: 690 }; // moved since (a line above it came in)
    expect(lastPressedBox()).toEqual({ top: 650, bottom: 690 });
    const field = new FakeElement(null, true, { top: 100, bottom: 140 });
    press('keydown', new FakeElement(field));
    expect(lastPressedBox()).toEqual({ top: 100, bottom: 140 });
  });

  it('is none after a press outside any control, or on something that is not an element', () => {
    press('pointerdown', new FakeElement(new FakeElement(null)));
    expect(lastPressedBox()).not.toBeNull();
    press('pointerdown', new FakeElement(null));
    expect(lastPressedBox()).toBeNull();
    press('pointerdown', new FakeElement(new FakeElement(null)));
    press('keydown', { nodeType: 3 });
    expect(lastPressedBox()).toBeNull();
  });

  describe('once it has left the page (a part rendered afresh around the tap)', () => {
    afterEach(() => {
      vi.useRealTimers();
      win.scrollY = 0;
    });

    it('is where it was when pressed, in the page, for 10 s', () => {
      vi.useFakeTimers();
      win.scrollY = 1000;
      const button = new FakeElement(null, true, { top: 700, bottom: 740 });
      press('pointerdown', new FakeElement(button));
      button.isConnected = false;
      expect(lastPressedBox()).toEqual({ top: 700, bottom: 740 });
      win.scrollY = 1100; // scrolled on since: it was 100 px higher on the screen
      expect(lastPressedBox()).toEqual({ top: 600, bottom: 640 });
      vi.advanceTimersByTime(10_001);
      expect(lastPressedBox()).toBeNull();
    });
  });
});
