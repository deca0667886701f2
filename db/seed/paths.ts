import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder that holds the shipped data files (schools register, pay scales, vacancies sample). */
export const SEED_DIR = dirname(fileURLToPath(import.meta.url));
