// Money arithmetic (decision 0311): amounts stay exact pounds (not rounded) through the whole
// calculation; each is rounded once, to the penny, when it is shown. Binary floating point
// carries noise of about 1e-11 on these magnitudes (40,317 x 8.9 / 100 = 3588.2129999999997), so
// a value is settled to 8 decimal places before it is compared, floored or rounded: the noise
// goes, and no real amount (at most 4 + 3 + 2 decimals from FTE x rate x band) is changed.

/** The value with floating-point noise removed. */
export const settle = (x: number) => Number(x.toFixed(8));

/** `rate` per cent of `x`. */
export const percent = (x: number, rate: number) => settle((x * rate) / 100);

/** Rounded to the penny, halves up. */
export const toPence = (x: number) => Math.round(settle(settle(x) * 100)) / 100;

/** Rounded down to the pound. */
export const floorPounds = (x: number) => Math.floor(settle(x));
