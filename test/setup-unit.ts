// Set-up file of the API and database tests (vitest.config.ts, project `unit`): after each test
// file, the database copies it made are removed (test/db.ts).
import { afterAll } from 'vitest';
import { removeTestDbs } from './db';

afterAll(removeTestDbs);
