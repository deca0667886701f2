import { describe, expect, it } from 'vitest';
import { DEFAULT_REGION, REGION_CHOICES, regionInUrl, rememberedRegion, rememberRegion, startingRegion } from './region';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};
const broken = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('pay area', () => {
  it('a first visit opens on Inner London; the three London areas come first', () => {
    expect(DEFAULT_REGION).toBe('Inner London');
    expect(startingRegion(memory())).toBe('Inner London');
    expect(REGION_CHOICES).toEqual(['Inner London', 'Outer London', 'London Fringe', 'England']);
  });

  it('the last choice is remembered on the device, England included', () => {
    const store = memory();
    rememberRegion('Outer London', store);
    expect(startingRegion(store)).toBe('Outer London');
    rememberRegion('England', store);
    expect(rememberedRegion(store)).toBe('England');
  });

  it('a stored value it does not know, or storage that throws, falls back to Inner London', () => {
    const store = memory();
    store.setItem('tilt.payRegion', 'Mars');
    expect(rememberedRegion(store)).toBeNull();
    expect(startingRegion(store)).toBe('Inner London');
    expect(startingRegion(broken)).toBe('Inner London');
    expect(() => rememberRegion('London Fringe', broken)).not.toThrow();
    expect(startingRegion(null)).toBe('Inner London');
  });

  it("the address's area wins when it is one of the four", () => {
    expect(regionInUrl('London Fringe')).toBe('London Fringe');
    expect(regionInUrl('England')).toBe('England');
    expect(regionInUrl('Fringe')).toBeNull();
    expect(regionInUrl('')).toBeNull();
    expect(regionInUrl(null)).toBeNull();
  });
});
