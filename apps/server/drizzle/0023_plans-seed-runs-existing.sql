-- A database that already holds plans was seeded before seed_runs existed: its seed counts as run, so a
-- plan a superuser deleted there is not inserted again at the next start. A fresh database gets the plans.
INSERT INTO seed_runs (name) SELECT 'plans' WHERE EXISTS (SELECT 1 FROM plans);
