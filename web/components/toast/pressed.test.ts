// The control pressed last (web/components/toast/pressed.ts), noted from the app's start for the
// Toaster's placement: the control around what was pressed, by pointer or key; gone from the page,
// it no longer counts; the listeners are added once, capturing (before any handler can stop them).
import { beforeAll, describe, expect, it } from 'vitest';
import { lastPressed, notePresses } from './pressed';

// The Node test environment has no DOM: an element is what `closest` and `isConnected` answer.
class FakeElement {
  constructor(
    private readonly control: FakeElement | null,
    public isConnected = true,
  ) {}
  closest(selector: string) {
    expect(selector).toBe('button, a, [role=button], input, select, label');
    return this.control;
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
  notePresses(doc);
  notePresses(doc);
});

describe('the control pressed last', () => {
  it('listens to pointers, keys and clicks once each, in the capture phase', () => {
    expect(listeners.map((l) => [l.type, l.capture])).toEqual([
      ['pointerdown', true],
      ['keydown', true],
      ['click', true],
    ]);
  });

  it('is the control around what the pointer went down on, or the key was pressed in', () => {
    expect(lastPressed()).toBeNull();
    const button = new FakeElement(null);
    press('pointerdown', new FakeElement(button));
    expect(lastPressed()).toBe(button);
    const field = new FakeElement(null);
    press('keydown', new FakeElement(field));
    expect(lastPressed()).toBe(field);
  });

  it('is none after a press outside any control, or on something that is not an element', () => {
    press('pointerdown', new FakeElement(new FakeElement(null)));
    expect(lastPressed()).not.toBeNull();
    press('pointerdown', new FakeElement(null));
    expect(lastPressed()).toBeNull();
    press('pointerdown', new FakeElement(new FakeElement(null)));
    press('keydown', { nodeType: 3 });
    expect(lastPressed()).toBeNull();
  });

  it('no longer counts once it has left the page', () => {
    const button = new FakeElement(null);
    press('pointerdown', new FakeElement(button));
    expect(lastPressed()).toBe(button);
    button.isConnected = false;
    expect(lastPressed()).toBeNull();
  });

  it('is the control a click reached (a tap replayed on the control now in its place), never cleared by one', () => {
    const heart = new FakeElement(null, false); // tapped, then replaced while its part loaded
    press('pointerdown', new FakeElement(heart));
    expect(lastPressed()).toBeNull();
    const standIn = new FakeElement(null);
    press('click', new FakeElement(standIn));
    expect(lastPressed()).toBe(standIn);
    press('click', new FakeElement(null));
    expect(lastPressed()).toBe(standIn);
  });
});
