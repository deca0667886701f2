-- Jobs sorted by closing date in a borough read that borough's open rows in the list's order
-- (decision 0701, addendum 5): the key is the list's own (coalesce(application_deadline, far
-- future), id), as in jobs_closing_idx.
CREATE INDEX jobs_borough_closing_idx ON jobs (borough, is_active, coalesce(application_deadline, 253402300799999), id);
