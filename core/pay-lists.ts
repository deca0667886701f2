// The pay scales' regions, years and spines (product §9).

export const PAY_REGIONS = ['England', 'Inner London', 'Outer London', 'London Fringe'] as const;
/**
 * The years the pay scales hold (effective 1 September each year), latest first. The latest is
 * the award in force (September 2026, accepted in July 2026), shown with its source's caveat.
 */
export const PAY_YEARS = ['2026-09-01', '2025-09-01', '2024-09-01', '2023-09-01'] as const;
export const PAY_SPINES = ['Main Pay Range', 'Upper Pay Range', 'Leadership Group', 'Leading Practitioner', 'Unqualified Teacher'] as const;
